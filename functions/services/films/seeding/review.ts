import { and, eq, ne } from 'drizzle-orm';
import { type ReviewStatus, videos } from '../../../db/schema';
import { conflict, forbidden, notFound } from '../../../lib/errors';
import { isAdmin } from '../../../lib/roles';
import type { Services } from '../../../platform/services';
import type { FilmActor } from './create';

/**
 * An admin sets a film's review status. Approving puts it in the catalogue (first approval sets the
 * publication date, which 'New' orders by); any other status takes it out. The catalogue cache moves
 * to a new version so every page shows the change within a minute.
 */
export async function reviewFilm(
  ctx: Pick<Services, 'db' | 'cache'>,
  actor: FilmActor,
  id: string,
  status: ReviewStatus,
  { reason = null, at = new Date() }: { reason?: string | null; at?: Date } = {},
) {
  if (!isAdmin(actor.roles)) throw forbidden();
  const existing = await ctx.db.select({ publishedAt: videos.publishedAt }).from(videos).where(eq(videos.id, id)).get();
  if (!existing) throw notFound('Video not found');
  const now = at;
  const rows = await ctx.db
    .update(videos)
    .set({
      reviewStatus: status,
      reviewReason: reason,
      reviewedBy: actor.userId,
      reviewedAt: now,
      updatedAt: now,
      ...(status === 'approved' && !existing.publishedAt ? { publishedAt: now } : {}),
    })
    .where(and(eq(videos.id, id), ne(videos.reviewStatus, status)))
    .returning();
  if (rows.length === 0) throw conflict(`The film is already ${status}`);
  await ctx.cache.bump();
  return rows[0];
}
