import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, user, videos } from '../../functions/db/schema';
import { UnitOfWork } from '../../functions/db/unit-of-work';
import { systemClock } from '../../functions/platform/clock';
import { silentDoorbell } from '../../functions/realtime/doorbell';
import { abortUnlessChanged, committing } from '../../functions/services/films/internal/guard';
import { notify } from '../../functions/services/notifications';
import { createLibsqlDb } from '../support/libsql';
import { owesNone } from '../support/owes-none';

let ctx: Awaited<ReturnType<typeof createLibsqlDb>>;
let owner: string;
let filmId: string;
beforeAll(async () => {
  ctx = await createLibsqlDb();
  owner = crypto.randomUUID();
  const now = new Date();
  await ctx.db
    .insert(user)
    .values({ id: owner, name: 'o', email: `${owner}@example.test`, createdAt: now, updatedAt: now });
  filmId = crypto.randomUUID();
  await ctx.db.insert(videos).values({ id: filmId, title: 'A film', contributorId: owner, reviewStatus: 'pending' });
});
afterAll(() => ctx.close());

const review = (from: 'pending' | 'rejected', title: string) => {
  const uow = new UnitOfWork({ db: ctx.db, clock: systemClock, followUps: owesNone }, null);
  uow.add(
    ctx.db
      .update(videos)
      .set({ reviewStatus: 'approved' })
      .where(and(eq(videos.id, filmId), eq(videos.reviewStatus, from))),
    abortUnlessChanged(ctx.db),
  );
  notify(uow, silentDoorbell, { userId: owner, type: 'video', title, message: 'm', videoId: filmId });
  return committing(() => uow.commit(), 'conflict');
};

describe('the review guard on the production driver (libSQL)', () => {
  it('lets a batch whose conditional update changed a row through, and rolls back one that changed none', async () => {
    await review('pending', 'approved once');
    await expect(review('pending', 'approved twice')).rejects.toThrow('conflict');
    const rows = await ctx.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, owner));
    expect(rows.map((r) => r.title)).toEqual(['approved once']);
  });
});
