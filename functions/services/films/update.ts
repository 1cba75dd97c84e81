import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { type ReviewStatus, videos } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { badRequest } from '../../domain/errors';
import { type UpdateFilmInput, updateFilmInput } from '../../domain/films/input';
import { FILM_TEXT } from '../../domain/films/texts';
import { parseInput } from '../../domain/input';
import { isAdmin } from '../../domain/users/roles';
import type { Deps } from '../../platform/deps';
import { assertCategory, resolveUpload } from './internal/assets';
import { type FilmRow, loadFilmView, loadManageableFilm } from './internal/film-view';
import { abortUnlessChanged, committing } from './internal/guard';
import { notifyAdminsOfSubmission } from './internal/notify-admins';

/**
 * Where an edit leaves the review: an admin's edit keeps the status. An owner's edit of a rejected
 * film resubmits it; a new video for an approved film must be reviewed again; text edits of an
 * approved film keep it in the catalogue.
 */
function statusAfterEdit(film: FilmRow, byAdmin: boolean, newMedia: boolean): ReviewStatus {
  if (byAdmin) return film.reviewStatus;
  if (film.reviewStatus === 'rejected' || film.reviewStatus === 'draft') return 'pending';
  if (film.reviewStatus === 'approved' && newMedia) return 'pending';
  return film.reviewStatus;
}

/** The owner or an admin edits a film's details, poster or video (captions: ./captions.ts). Anyone else: 404. */
export async function updateFilm(deps: Deps, actor: Actor, id: string, input: UpdateFilmInput) {
  const viewer = authorize(actor, 'film.edit-own');
  input = parseInput(updateFilmInput, input);
  const { db, bell } = deps;
  const film = await loadManageableFilm(db, viewer, id);
  if (Object.values(input).every((v) => v === undefined)) throw badRequest(FILM_TEXT.nothingToUpdate);

  const video = input.videoUploadId ? await resolveUpload(db, viewer, input.videoUploadId, 'video', id) : null;
  const poster = input.posterUploadId ? await resolveUpload(db, viewer, input.posterUploadId, 'poster', id) : null;
  if (input.categoryId !== undefined) await assertCategory(db, input.categoryId);

  const status = statusAfterEdit(film, isAdmin(viewer.roles), Boolean(video));
  const resubmitted = status === 'pending' && film.reviewStatus !== 'pending';
  // An owner's new poster for an approved film waits for review; the approved one stays public meanwhile.
  const holdPoster = Boolean(poster) && status === 'approved' && !isAdmin(viewer.roles);
  const uow = new UnitOfWork(deps, viewer);
  uow.add(
    db
      .update(videos)
      .set({
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.categoryId !== undefined ? { categoryId: input.categoryId } : {}),
        ...(input.year !== undefined ? { year: input.year } : {}),
        ...(input.runtimeSeconds !== undefined ? { runtimeSeconds: input.runtimeSeconds } : {}),
        ...(video ? { videoKey: video.r2Key, videoType: video.contentType, videoBytes: video.size } : {}),
        ...(poster && !holdPoster
          ? { posterKey: poster.r2Key, posterWidth: poster.width, posterHeight: poster.height }
          : {}),
        ...(poster && holdPoster
          ? { pendingPosterKey: poster.r2Key, pendingPosterWidth: poster.width, pendingPosterHeight: poster.height }
          : {}),
        ...(resubmitted ? { reviewStatus: status, reviewReason: null, reviewedBy: null, reviewedAt: null } : {}),
        updatedAt: new Date(),
      })
      // The review may have moved since we read the film: then this edit is refused, not merged.
      .where(and(eq(videos.id, id), eq(videos.reviewStatus, film.reviewStatus))),
    abortUnlessChanged(db),
  );
  if (resubmitted || holdPoster) {
    await notifyAdminsOfSubmission(uow, bell, { id, title: input.title ?? film.title }, viewer, true);
  }
  uow.audit({
    verb: 'updateFilm',
    resourceType: 'film',
    resourceId: id,
    summary: `Edited film “${input.title ?? film.title}”${resubmitted ? ' (back to review)' : ''}`,
  });
  if (film.reviewStatus === 'approved') uow.owe('catalogue-bump', {});
  if (video && film.videoKey) uow.owe('media-delete', { key: film.videoKey, ifUnused: true });
  const replacedPoster = holdPoster ? film.pendingPosterKey : film.posterKey;
  if (poster && replacedPoster) uow.owe('media-delete', { key: replacedPoster, ifUnused: true });

  await committing(() => uow.commit(), FILM_TEXT.changedMeanwhile);
  return loadFilmView(db, id);
}
