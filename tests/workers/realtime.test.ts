import { describe, expect, it } from 'vitest';
import {
  type ChannelEvent,
  CLOSE_SESSION_EXPIRED,
  CLOSE_TOO_MANY_TABS,
  CLOSE_TOO_MANY_TABS_REASON,
  SESSION_EXPIRES_HEADER,
  SOCKETS_PER_ACCOUNT,
} from '../../functions/realtime/protocol';
import type { NotificationPage } from '../../functions/services/notifications';
import { makeUser, ORIGIN } from './factories';
import { channelOf, connect, getJson, notifyTogether, notifyUser, sendApi } from './realtime/helpers';
import { call } from './worker-call';

const isNotification = (id: string) => (e: ChannelEvent) => e.kind === 'notification' && e.id === id;

describe('the realtime socket', { timeout: 30_000 }, () => {
  it('refuses an upgrade without a session (401), from another site (403), and a plain GET (426)', async () => {
    const anonymous = await call('/api/realtime', { headers: { Upgrade: 'websocket', origin: ORIGIN } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.webSocket).toBeNull();
    expect(await anonymous.json()).toMatchObject({ error: { code: 'unauthorized' } });

    const a = await makeUser();
    const foreign = await call('/api/realtime', {
      headers: { Upgrade: 'websocket', cookie: a.cookie, origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect(foreign.webSocket).toBeNull();

    const plain = await call('/api/realtime', { headers: { cookie: a.cookie } });
    expect(plain.status).toBe(426);
    expect(plain.headers.get('upgrade')).toBe('websocket');
  });

  it("delivers A's events to A's socket and never B's, whatever the query says", async () => {
    const a = await makeUser();
    const b = await makeUser(['contributor']);
    // A asks for B's channel in the query: the server ignores it and routes by the session.
    const socketA = await connect(a.cookie, `/api/realtime?userId=${b.id}`);
    const socketB = await connect(b.cookie);

    const forB = await notifyUser(b.id, 'For B');
    await socketB.waitFor(isNotification(forB));
    const sent = await sendApi(b.cookie, a.id, 'Hi A');
    expect(sent.status).toBe(201);
    const { message } = await sent.json<{ message: { id: string } }>();
    const forA = await notifyUser(a.id, 'For A');

    await socketA.waitFor((e) => e.kind === 'message' && e.id === message.id);
    await socketA.waitFor(isNotification(forA));
    expect(socketA.events).toEqual([
      { kind: 'message', id: message.id, senderId: b.id, recipientId: a.id },
      { kind: 'notification', id: forA },
    ]);
    expect(socketB.events.some(isNotification(forA))).toBe(false);
    socketA.ws.close(1000);
    socketB.ws.close(1000);
  });

  it('answers the heartbeat ping with pong', async () => {
    const a = await makeUser();
    const { ws } = await connect(a.cookie);
    const pong = new Promise<string>((resolve) => ws.addEventListener('message', (e) => resolve(String(e.data))));
    ws.send('ping');
    expect(await pong).toBe('pong');
    ws.close(1000);
  });

  it('drops closed sockets: a closed tab is no longer counted nor pushed to', async () => {
    const a = await makeUser();
    const first = await connect(a.cookie);
    const second = await connect(a.cookie);
    const channel = channelOf(a.id);
    expect(await channel.connections()).toBe(2);
    first.ws.close(1000, 'tab closed');
    let open = 2;
    for (let i = 0; i < 100 && open !== 1; i++) {
      await new Promise((r) => setTimeout(r, 10));
      open = await channel.connections();
    }
    expect(open).toBe(1);
    expect(await channel.push({ kind: 'notification', id: 'x' })).toBe(1);
    second.ws.close(1000);
  });

  it('closes a socket whose session has expired instead of pushing to it', async () => {
    const channel = channelOf(`expired-${crypto.randomUUID()}`);
    const res = await channel.fetch('http://do/connect', {
      headers: { Upgrade: 'websocket', [SESSION_EXPIRES_HEADER]: new Date(Date.now() - 1000).toISOString() },
    });
    const ws = res.webSocket;
    if (!ws) throw new Error('no websocket');
    ws.accept();
    const closed = new Promise<number>((resolve) => ws.addEventListener('close', (e) => resolve(e.code)));
    expect(await channel.push({ kind: 'notification', id: 'late' })).toBe(0);
    expect(await closed).toBe(CLOSE_SESSION_EXPIRED);
  });

  it('tells every tab of the user when one tab reads, so the badges agree', async () => {
    const a = await makeUser();
    const id = await notifyUser(a.id);
    const tab1 = await connect(a.cookie);
    const tab2 = await connect(a.cookie);
    const res = await call(`/api/notifications/${id}/read`, {
      method: 'POST',
      headers: { cookie: a.cookie, origin: ORIGIN },
    });
    expect(res.status).toBe(200);
    const isRead = (e: ChannelEvent) => e.kind === 'read' && e.scope === 'notifications' && e.ids?.[0] === id;
    await tab1.waitFor(isRead);
    await tab2.waitFor(isRead);
    tab1.ws.close(1000);
    tab2.ws.close(1000);
  });
});

/** Opens a socket and records how it closes (code and reason), if it does. */
async function tracked(cookie: string) {
  const socket = await connect(cookie);
  const state: { closed: { code: number; reason: string } | null } = { closed: null };
  socket.ws.addEventListener('close', (e) => {
    state.closed = { code: e.code, reason: e.reason };
  });
  return { ...socket, state };
}

describe(`at most ${SOCKETS_PER_ACCOUNT} live sockets per account (docs/limits.md)`, { timeout: 60_000 }, () => {
  it('one more closes the oldest with a clear code and reason; the newest tab gets the events', async () => {
    const a = await makeUser();
    const tabs: Awaited<ReturnType<typeof tracked>>[] = [];
    for (let i = 0; i < SOCKETS_PER_ACCOUNT; i++) tabs.push(await tracked(a.cookie));
    const channel = channelOf(a.id);
    expect(await channel.connections()).toBe(SOCKETS_PER_ACCOUNT);
    expect(tabs.every((t) => t.state.closed === null)).toBe(true);

    const newest = await tracked(a.cookie);
    await expect
      .poll(() => tabs[0]?.state.closed)
      .toEqual({ code: CLOSE_TOO_MANY_TABS, reason: CLOSE_TOO_MANY_TABS_REASON });
    await expect.poll(() => channel.connections()).toBe(SOCKETS_PER_ACCOUNT);
    expect(tabs.slice(1).every((t) => t.state.closed === null)).toBe(true);
    const id = await notifyUser(a.id, 'After the cap');
    await newest.waitFor(isNotification(id));
    await tabs[1]?.waitFor(isNotification(id));
    expect(tabs[0]?.events.some(isNotification(id))).toBe(false);
    // Another account is not touched by this one's tabs.
    const b = await makeUser();
    const other = await tracked(b.cookie);
    expect(await channelOf(b.id).connections()).toBe(1);
    for (const t of [...tabs, newest, other]) t.ws.close(1000);
  });

  it('holds when many tabs open at once: exactly the cap stay open, the oldest are closed', async () => {
    const a = await makeUser();
    const extra = 5;
    const tabs = await Promise.all(Array.from({ length: SOCKETS_PER_ACCOUNT + extra }, () => tracked(a.cookie)));
    const channel = channelOf(a.id);
    await expect.poll(() => channel.connections()).toBe(SOCKETS_PER_ACCOUNT);
    await expect.poll(() => tabs.filter((t) => t.state.closed?.code === CLOSE_TOO_MANY_TABS).length).toBe(extra);
    expect(tabs.filter((t) => t.state.closed === null)).toHaveLength(SOCKETS_PER_ACCOUNT);
    for (const t of tabs) t.ws.close(1000);
  });
});

describe('catching up after a reconnect', { timeout: 30_000 }, () => {
  it('returns exactly the notifications written after the last one the tab saw', async () => {
    const a = await makeUser();
    await notifyUser(a.id, 'one');
    await notifyUser(a.id, 'two');
    const seen = await getJson<NotificationPage>('/api/notifications', a.cookie);
    expect(seen.items.map((n) => n.title)).toEqual(['two', 'one']);
    const last = seen.items[0]?.cursor as string;

    // Offline: more arrive, three of them written in one batch (the same millisecond).
    const missed = [await notifyUser(a.id, 'three'), ...(await notifyTogether(a.id, ['four', 'five', 'six']))];

    const all = await getJson<NotificationPage>(`/api/notifications?after=${last}`, a.cookie);
    expect(all.items.map((n) => n.id)).toEqual(missed);
    expect(all.hasMore).toBe(false);

    // Paging forward one at a time reaches the same items and then stops.
    const ids: string[] = [];
    let cursor = last;
    for (;;) {
      const page = await getJson<NotificationPage>(`/api/notifications?after=${cursor}&limit=1`, a.cookie);
      ids.push(...page.items.map((n) => n.id));
      if (!page.hasMore) break;
      cursor = page.items.at(-1)?.cursor as string;
    }
    expect(ids).toEqual(missed);
  });

  it('returns exactly the messages of a thread written after the last one seen', async () => {
    const a = await makeUser();
    const b = await makeUser(['contributor']);
    await sendApi(b.cookie, a.id, 'first');
    const thread = await getJson<{ items: { cursor: string }[] }>(`/api/messages/${b.id}`, a.cookie);
    const last = thread.items.at(-1)?.cursor as string;
    await sendApi(b.cookie, a.id, 'second');
    await sendApi(a.cookie, b.id, 'my reply');
    await sendApi(b.cookie, a.id, 'third');
    const caught = await getJson<{ items: { message: string }[] }>(`/api/messages/${b.id}?after=${last}`, a.cookie);
    expect(caught.items.map((m) => m.message)).toEqual(['second', 'my reply', 'third']);
  });
});
