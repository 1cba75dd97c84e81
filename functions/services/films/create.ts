import { type Actor, authorize } from '../../auth/authorize';
import { videos } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { type CreateFilmInput, createFilmInput } from '../../domain/films/input';
import { parseInput } from '../../domain/input';
import { isAdmin } from '../../domain/users/roles';
import type { Deps } from '../../platform/deps';
import { assertCategory, resolveUpload } from './internal/assets';
import { loadFilmView } from './internal/film-view';
import { notifyAdminsOfSubmission } from './internal/notify-admins';

/**
 * A creator (or an admin) adds a film from a finished video upload and its details (caption tracks
 * are added to it afterwards: ./captions.ts). A creator's film goes straight to review (pending) and the admins hear of
 * it in the same write; an admin's film is published at once, recorded as reviewed by that admin.
 */
export async function createFilm(deps: Deps, actor: Actor, input: CreateFilmInput) {
  const viewer = authorize(actor, 'film.create');
  input = parseInput(createFilmInput, input);
  const { db, bell } = deps;
  const publish = isAdmin(viewer.roles);
  const video = await resolveUpload(db, viewer, input.videoUploadId, 'video', null);
  const poster = input.posterUploadId ? await resolveUpload(db, viewer, input.posterUploadId, 'poster', null) : null;
  await assertCategory(db, input.categoryId);

  const id = crypto.randomUUID();
  const now = new Date();
  const uow = new UnitOfWork(deps, viewer);
  uow.add(
    db.insert(videos).values({
      id,
      title: input.title,
      description: input.description,
      categoryId: input.categoryId ?? null,
      year: input.year,
      runtimeSeconds: input.runtimeSeconds,
      videoKey: video.r2Key,
      videoType: video.contentType,
      videoBytes: video.size,
      posterKey: poster?.r2Key ?? null,
      posterWidth: poster?.width ?? null,
      posterHeight: poster?.height ?? null,
      contributorId: viewer.userId,
      ...(publish
        ? { reviewStatus: 'approved', reviewedBy: viewer.userId, reviewedAt: now, publishedAt: now }
        : { reviewStatus: 'pending' }),
    }),
  );
  uow.audit({
    verb: 'createFilm',
    resourceType: 'film',
    resourceId: id,
    summary: publish ? `Added and published film “${input.title}”` : `Submitted film “${input.title}” for review`,
  });
  if (publish) uow.owe('catalogue-bump', {});
  else await notifyAdminsOfSubmission(uow, bell, { id, title: input.title }, viewer, false);
  await uow.commit();
  return loadFilmView(db, id);
}
