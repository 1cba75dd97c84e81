import type { Viewer } from '../../../auth/viewer';
import { videos } from '../../../db/schema';
import { forbidden } from '../../../lib/errors';
import { isContributor } from '../../../lib/roles';
import type { Services } from '../../../platform/services';
import { type FilmFields, filmFields } from '../internal/schema';

export type FilmActor = Pick<Viewer, 'userId' | 'roles'>;

/** A creator adds a film; it waits for review (only approved films are in the catalogue). */
export async function createFilm(ctx: Pick<Services, 'db' | 'cache'>, actor: FilmActor, input: FilmFields) {
  if (!isContributor(actor.roles)) throw forbidden();
  const f = filmFields.parse(input);
  const [film] = await ctx.db
    .insert(videos)
    .values({
      title: f.title,
      description: f.description,
      categoryId: f.categoryId,
      year: f.year,
      runtimeSeconds: f.runtimeSeconds,
      posterKey: f.poster?.key ?? null,
      posterWidth: f.poster?.width ?? null,
      posterHeight: f.poster?.height ?? null,
      videoKey: f.video?.key ?? null,
      videoType: f.video?.type ?? null,
      videoBytes: f.video?.bytes ?? null,
      captionsKey: f.captionsKey,
      contributorId: actor.userId,
      reviewStatus: 'pending',
    })
    .returning();
  await ctx.cache.bump();
  return film;
}
