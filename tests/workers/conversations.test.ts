import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../functions/services/messages/conversations';
import type { Thread } from '../../functions/services/messages/thread';
import type { Summary } from '../../functions/services/notifications/summary';
import { jsonInit, makeUser } from './factories';
import { getJson, sendApi } from './realtime/helpers';
import { call } from './support';

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

  it('shows a thread only between the two people, marks what the viewer received read, and tells the bell', async () => {
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
    expect((await getJson<Summary>('/api/notifications/summary', a.cookie)).unread.messages).toBe(0);
    // B's own unread (from A) is untouched by A reading.
    expect((await getJson<Summary>('/api/notifications/summary', b.cookie)).unread.messages).toBe(1);
    // A looking at C's conversation sees nothing of B and C's messages.
    expect((await getJson<Thread>(`/api/messages/${c.id}`, a.cookie)).items).toEqual([]);
    expect((await call('/api/messages/no-such-user', { headers: { cookie: a.cookie } })).status).toBe(404);
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
