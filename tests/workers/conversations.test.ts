import { describe, expect, it } from 'vitest';
import type { Conversation, Thread } from '../../functions/services/messages';
import type { Summary } from '../../functions/services/notifications';
import { jsonInit, makeUser } from './factories';
import { connect, getJson, sendApi } from './realtime/helpers';
import { call } from './worker-call';

describe('conversations and threads', { timeout: 30_000 }, () => {
  it('groups conversations by the other person with last message and unread count', async () => {
    const a = await makeUser(['contributor']);
    const b = await makeUser(['contributor']);
    const c = await makeUser(['contributor']);
    await sendApi(b.cookie, a.id, 'b1');
    await sendApi(b.cookie, a.id, 'b2');
    await sendApi(a.cookie, c.id, 'to c');
    await sendApi(c.cookie, a.id, 'c reply');
    await sendApi(a.cookie, b.id, 'a to b');
    const { conversations } = await getJson<{ conversations: Conversation[] }>('/api/messages', a.cookie);
    expect(
      conversations.map((x) => [x.otherId, x.otherUsername, x.lastMessage.preview, x.lastMessage.fromMe, x.unread]),
    ).toEqual([
      [b.id, b.username, 'a to b', true, 2],
      [c.id, c.username, 'c reply', false, 1],
    ]);
  });

  it('shows a thread only between the two people, and reading it changes nothing', async () => {
    const a = await makeUser(['contributor']);
    const b = await makeUser(['contributor']);
    const c = await makeUser(['contributor']);
    await sendApi(b.cookie, a.id, 'b to a');
    await sendApi(a.cookie, b.id, 'a to b');
    await sendApi(b.cookie, c.id, 'b to c — private');
    expect((await getJson<Summary>('/api/notifications/summary', a.cookie)).unread.messages).toBe(1);

    const thread = await getJson<Thread>(`/api/messages/${b.id}`, a.cookie);
    expect(thread.items.map((m) => [m.message, m.isRead])).toEqual([
      ['b to a', false],
      ['a to b', false],
    ]);
    expect(thread.other).toEqual({ id: b.id, username: b.username });
    // A GET is only a read: the message stays unread until the screen says it showed it.
    expect((await getJson<Summary>('/api/notifications/summary', a.cookie)).unread.messages).toBe(1);
    expect((await getJson<Thread>(`/api/messages/${b.id}`, a.cookie)).items[0]?.isRead).toBe(false);
    // A looking at C's conversation sees nothing of B and C's messages.
    expect((await getJson<Thread>(`/api/messages/${c.id}`, a.cookie)).items).toEqual([]);
    expect((await call('/api/messages/no-such-user', { headers: { cookie: a.cookie } })).status).toBe(404);
  });

  it('marks a thread read when its screen says so, through the message shown, and tells the bell', async () => {
    const a = await makeUser(['contributor']);
    const b = await makeUser(['contributor']);
    const c = await makeUser(['contributor']);
    await sendApi(b.cookie, a.id, 'b1');
    await sendApi(a.cookie, b.id, 'a1');
    await sendApi(b.cookie, a.id, 'b2');
    await sendApi(c.cookie, a.id, 'c1');
    const shown = await getJson<Thread>(`/api/messages/${b.id}`, a.cookie);
    await sendApi(b.cookie, a.id, 'b3 — written after the screen loaded');
    const unread = async (cookie: string) =>
      (await getJson<Summary>('/api/notifications/summary', cookie)).unread.messages;
    expect(await unread(a.cookie)).toBe(4);

    const socket = await connect(a.cookie);
    const readAll = (cookie: string, other: string, body: unknown) =>
      call(`/api/messages/${other}/read-all`, jsonInit('POST', body, cookie));
    const res = await readAll(a.cookie, b.id, { through: shown.items.at(-1)?.cursor });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ read: 2 });
    const rung = await socket.waitFor((e) => e.kind === 'read' && e.scope === 'messages');
    expect(rung).toMatchObject({
      ids: expect.arrayContaining(shown.items.filter((m) => m.senderId === b.id).map((m) => m.id)),
    });
    socket.ws.close();
    // b3 came after what the screen showed; C's message is another conversation.
    expect(await unread(a.cookie)).toBe(2);
    expect((await getJson<Thread>(`/api/messages/${b.id}`, a.cookie)).items.map((m) => [m.message, m.isRead])).toEqual([
      ['b1', true],
      ['a1', false],
      ['b2', true],
      ['b3 — written after the screen loaded', false],
    ]);
    // Without `through`: everything from B. Again: nothing left (idempotent).
    expect(await (await readAll(a.cookie, b.id, {})).json()).toEqual({ read: 1 });
    expect(await (await readAll(a.cookie, b.id, {})).json()).toEqual({ read: 0 });
    expect(await unread(a.cookie)).toBe(1);
    // B's own unread (from A) is untouched by A reading.
    expect(await unread(b.cookie)).toBe(1);
    expect((await readAll(a.cookie, 'no-such-user', {})).status).toBe(404);
    expect((await readAll(a.cookie, a.id, {})).status).toBe(404);
    expect((await readAll(a.cookie, b.id, { through: 'not a cursor' })).status).toBe(400);
  });

  it('marks one received message read; anyone else’s message is a 404', async () => {
    const a = await makeUser();
    const b = await makeUser(['contributor']);
    const c = await makeUser();
    const sent = await (await sendApi(b.cookie, a.id, 'for a')).json<{ message: { id: string } }>();
    const id = sent.message.id;
    const read = (cookie: string) => call(`/api/messages/${id}/read`, jsonInit('POST', undefined, cookie));
    expect((await read(c.cookie)).status).toBe(404);
    expect((await read(b.cookie)).status).toBe(404); // the sender cannot mark the recipient's copy read
    expect((await read(a.cookie)).status).toBe(200);
    expect((await getJson<Summary>('/api/notifications/summary', a.cookie)).unread.messages).toBe(0);
  });
});
