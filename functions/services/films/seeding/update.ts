import { and, eq } from 'drizzle-orm';
import { videos } from '../../../db/schema';
import { notFound } from '../../../lib/errors';
import { isAdmin } from '../../../lib/roles';
import type { Services } from '../../../platform/services';
import { type FilmFields, filmFields } from '../internal/schema';
import type { FilmActor } from './create';

/** The owner or an admin edits a film's fields; anyone else gets 404 (the film is not theirs to know). */
export async function updateFilm(
  ctx: Pick<Services, 'db' | 'cache'>,
  actor: FilmActor,
  id: string,
  patch: Partial<FilmFields>,
) {
  const f = filmFields.partial().parse(patch);
  const set = {
    ...(f.title !== undefined ? { title: f.title } : {}),
    ...(f.description !== undefined ? { description: f.description } : {}),
    ...(f.categoryId !== undefined ? { categoryId: f.categoryId } : {}),
    ...(f.year !== undefined ? { year: f.year } : {}),
    ...(f.runtimeSeconds !== undefined ? { runtimeSeconds: f.runtimeSeconds } : {}),
    ...(f.poster !== undefined
      ? {
          posterKey: f.poster?.key ?? null,
          posterWidth: f.poster?.width ?? null,
          posterHeight: f.poster?.height ?? null,
        }
      : {}),
    ...(f.video !== undefined
      ? { videoKey: f.video?.key ?? null, videoType: f.video?.type ?? null, videoBytes: f.video?.bytes ?? null }
      : {}),
    ...(f.captionsKey !== undefined ? { captionsKey: f.captionsKey } : {}),
    updatedAt: new Date(),
  };
  const owned = isAdmin(actor.roles)
    ? eq(videos.id, id)
    : and(eq(videos.id, id), eq(videos.contributorId, actor.userId));
  const rows = await ctx.db.update(videos).set(set).where(owned).returning();
  if (rows.length === 0) throw notFound('Video not found');
  await ctx.cache.bump();
  return rows[0];
}
