import { createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, schema } from '../../functions/db/client';
import { notifications, profiles, user, userRoles } from '../../functions/db/schema';
import { UnitOfWork } from '../../functions/db/unit-of-work';
import { MESSAGE_RATE_LIMITS } from '../../functions/domain/messages/limits';
import type { Role } from '../../functions/domain/users/roles';
import { systemClock } from '../../functions/platform/clock';
import type { Deps } from '../../functions/platform/deps';
import type { Doorbell } from '../../functions/realtime/doorbell';
import type { ChannelEvent } from '../../functions/realtime/protocol';
import {
  listConversations,
  markThreadRead,
  postMessage,
  RateLimitedError,
  readThread,
} from '../../functions/services/messages';
import {
  listNotifications,
  markAllNotificationsRead,
  notificationSummary,
  notify,
} from '../../functions/services/notifications';
import { createLibsqlDb, libsqlDeps } from '../support/libsql';
import { owesNone } from '../support/owes-none';

/** The notification and message verbs on the production driver (@libsql/client), same queries as D1. */
let ctx: Awaited<ReturnType<typeof createLibsqlDb>>;
const rung: Array<{ userId: string; event: ChannelEvent }> = [];
const bell: Doorbell = { ring: async (userId, event) => void rung.push({ userId, event }) };
let deps: Deps;

beforeAll(async () => {
  ctx = await createLibsqlDb();
  deps = libsqlDeps(ctx.db, { bell });
});
afterAll(() => ctx.close());

async function makeUser(roles: Role[] = [], withProfile = true) {
  const id = crypto.randomUUID();
  const name = `u_${id.slice(0, 8)}`;
  const now = new Date();
  await ctx.db.insert(user).values({ id, name, email: `${name}@example.test`, createdAt: now, updatedAt: now });
  if (withProfile) await ctx.db.insert(profiles).values({ userId: id, username: name });
  for (const role of ['viewer', ...roles] as Role[]) await ctx.db.insert(userRoles).values({ userId: id, role });
  return {
    userId: id,
    email: `${name}@example.test`,
    username: name,
    avatarUrl: null,
    roles: ['viewer', ...roles] as Role[],
    sessionExpiresAt: '',
  };
}

async function notifyMany(userId: string, titles: string[], db: Db = ctx.db) {
  const uow = new UnitOfWork({ db: db, clock: systemClock, followUps: owesNone }, null);
  const ids = titles.map((title) => notify(uow, bell, { userId, type: 'info', title, message: `${title}!` }));
  await uow.commit();
  return ids;
}

describe('notifications on libSQL', () => {
  it('keep created_at strictly increasing per user, even within one batch', async () => {
    const a = await makeUser();
    await notifyMany(a.userId, ['1', '2', '3', '4']);
    const rows = await ctx.db
      .select({ at: notifications.createdAt, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, a.userId))
      .orderBy(notifications.createdAt);
    expect(rows.map((r) => r.title)).toEqual(['1', '2', '3', '4']);
    const times = rows.map((r) => r.at.getTime());
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1] as number);
  });

  it('page back with before= and catch up with after= exactly', async () => {
    const a = await makeUser();
    await notifyMany(a.userId, ['a', 'b', 'c']);
    const first = await listNotifications(deps, a, { limit: 2 });
    expect(first.items.map((n) => n.title)).toEqual(['c', 'b']);
    expect(first.hasMore).toBe(true);
    const older = await listNotifications(deps, a, { limit: 2, before: first.items[1]?.cursor });
    expect(older.items.map((n) => n.title)).toEqual(['a']);
    const missed = await notifyMany(a.userId, ['d', 'e']);
    const caught = await listNotifications(deps, a, { limit: 20, after: first.items[0]?.cursor });
    expect(caught.items.map((n) => n.id)).toEqual(missed);
  });

  it('summarise the bell: 5 latest, 5 latest unread messages with sender names, unread counts', async () => {
    const a = await makeUser();
    const b = await makeUser(['contributor']);
    const ghost = await makeUser(['contributor'], false);
    await notifyMany(
      a.userId,
      Array.from({ length: 6 }, (_, i) => `n${i}`),
    );
    for (let i = 0; i < 5; i++) await postMessage(deps, b, a.userId, { subject: '', message: `m${i}` });
    await postMessage(deps, ghost, a.userId, { subject: '', message: 'y'.repeat(90) });
    const s = await notificationSummary(deps, a);
    expect(s.notifications.map((n) => n.title)).toEqual(['n5', 'n4', 'n3', 'n2', 'n1']);
    expect(s.messages.map((m) => [m.senderUsername, m.preview])).toEqual([
      [null, `${'y'.repeat(80)}…`],
      [b.username, 'm4'],
      [b.username, 'm3'],
      [b.username, 'm2'],
      [b.username, 'm1'],
    ]);
    expect(s.unread).toEqual({ notifications: 6, messages: 6, total: 12 });
    expect(await markAllNotificationsRead(deps, a)).toEqual({ updated: 6 });
    expect((await notificationSummary(deps, a)).unread.notifications).toBe(0);
    expect(rung).toContainEqual({ userId: a.userId, event: { kind: 'read', scope: 'notifications', all: true } });
  });
});

describe('messages on libSQL', () => {
  it('group conversations by the other person (window functions) and read a thread', async () => {
    const a = await makeUser(['contributor']);
    const b = await makeUser(['contributor']);
    const c = await makeUser(['contributor']);
    await postMessage(deps, b, a.userId, { subject: 's', message: 'b1' });
    await postMessage(deps, c, a.userId, { subject: 's', message: 'c1' });
    await postMessage(deps, b, a.userId, { subject: 's', message: 'b2' });
    const list = await listConversations(deps, a);
    expect(list.map((x) => [x.otherUsername, x.lastMessage.preview, x.unread])).toEqual([
      [b.username, 'b2', 2],
      [c.username, 'c1', 1],
    ]);
    const thread = await readThread(deps, a, b.userId, { limit: 50 });
    expect(thread.items.map((m) => m.message)).toEqual(['b1', 'b2']);
    expect((await listConversations(deps, a)).map((x) => x.unread)).toEqual([2, 1]);
    await markThreadRead(deps, a, b.userId, { through: thread.items[0]?.cursor });
    expect((await listConversations(deps, a)).map((x) => x.unread)).toEqual([1, 1]);
    await markThreadRead(deps, a, b.userId, {});
    expect((await listConversations(deps, a)).map((x) => x.unread)).toEqual([0, 1]);
    const after = await readThread(deps, a, b.userId, { limit: 50, after: thread.items[1]?.cursor });
    expect(after.items).toEqual([]);
  });

  it('keep the send rate limit after a restart on the same database file', async () => {
    const sender = await makeUser(['contributor']);
    const to = await makeUser();
    const perMinute = MESSAGE_RATE_LIMITS[0].max;
    for (let i = 0; i < perMinute; i++) {
      await postMessage(deps, sender, to.userId, { subject: '', message: `m${i}` });
    }
    // A new process: a new client and a new drizzle instance over the same file.
    const client = createClient({ url: ctx.url });
    const reopened = drizzle(client, { schema }) as unknown as Db;
    const attempt = postMessage(libsqlDeps(reopened, { bell }), sender, to.userId, {
      subject: '',
      message: 'again',
    });
    await expect(attempt).rejects.toBeInstanceOf(RateLimitedError);
    await expect(attempt).rejects.toMatchObject({ code: 'rate_limited' });
    client.close();
  });
});
