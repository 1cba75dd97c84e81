import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creatorMessages, notifications, siteSettings, user } from '../../functions/db/schema';
import { UnitOfWork } from '../../functions/db/unit-of-work';
import { systemClock } from '../../functions/platform/clock';
import type { Doorbell } from '../../functions/realtime/doorbell';
import { sendMessage } from '../../functions/services/messages';
import { notify } from '../../functions/services/notifications';
import { createLibsqlDb } from '../support/libsql';
import { owesNone } from '../support/owes-none';

let ctx: Awaited<ReturnType<typeof createLibsqlDb>>;
beforeAll(async () => {
  ctx = await createLibsqlDb();
});
afterAll(() => ctx.close());

async function makeUser() {
  const id = crypto.randomUUID();
  const now = new Date();
  await ctx.db
    .insert(user)
    .values({ id, name: id.slice(0, 8), email: `${id}@example.test`, createdAt: now, updatedAt: now });
  return id;
}

function recordingBell() {
  const rings: { userId: string; kind: string; id?: string }[] = [];
  const bell: Doorbell = {
    ring: async (userId, e) => void rings.push({ userId, kind: e.kind, id: 'id' in e ? e.id : undefined }),
  };
  return { bell, rings };
}

describe('notify and sendMessage ride in the change that causes them', () => {
  it('write with the change and ring the recipients only after the write', async () => {
    const [a, b] = [await makeUser(), await makeUser()];
    const { bell, rings } = recordingBell();
    const uow = new UnitOfWork({ db: ctx.db, clock: systemClock, followUps: owesNone }, null);
    const key = `k-${crypto.randomUUID()}`;
    uow.add(ctx.db.insert(siteSettings).values({ settingKey: key, settingValue: 'v' }));
    const nid = notify(uow, bell, { userId: a, type: 'info', title: 'Hello', message: 'World' });
    const mid = sendMessage(uow, bell, { senderId: b, recipientId: a, subject: 's', message: 'm' });
    expect(rings).toEqual([]);
    await uow.commit();
    expect(rings).toEqual([
      { userId: a, kind: 'notification', id: nid },
      { userId: a, kind: 'message', id: mid },
      // The sender's other tabs are rung too, so an open thread shows what was sent.
      { userId: b, kind: 'message', id: mid },
    ]);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.id, nid))).toHaveLength(1);
    expect(await ctx.db.select().from(creatorMessages).where(eq(creatorMessages.id, mid))).toHaveLength(1);
  });

  it('write nothing and ring no one when the change fails', async () => {
    const a = await makeUser();
    const { bell, rings } = recordingBell();
    const uow = new UnitOfWork({ db: ctx.db, clock: systemClock, followUps: owesNone }, null);
    const nid = notify(uow, bell, { userId: a, type: 'info', title: 'Hello', message: 'World' });
    // The causing change violates a constraint (a message to oneself), so the batch fails whole.
    sendMessage(uow, bell, { senderId: a, recipientId: a, subject: '', message: 'x' });
    await expect(uow.commit()).rejects.toThrow();
    expect(rings).toEqual([]);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.id, nid))).toHaveLength(0);
  });

  it('keeps the write when a ring fails (best-effort delivery)', async () => {
    const a = await makeUser();
    const bell: Doorbell = { ring: async () => Promise.reject(new Error('socket gone')) };
    const uow = new UnitOfWork({ db: ctx.db, clock: systemClock, followUps: owesNone }, null);
    const nid = notify(uow, bell, { userId: a, type: 'success', title: 't', message: 'm' });
    await expect(uow.commit()).resolves.toBeDefined();
    expect(await ctx.db.select().from(notifications).where(eq(notifications.id, nid))).toHaveLength(1);
  });
});
