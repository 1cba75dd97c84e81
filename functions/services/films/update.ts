import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/viewer';
import { type ReviewStatus, videos } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { badRequest } from '../../lib/errors';
import { FILM_MSG } from '../../lib/film-messages';
import { isAdmin } from '../../lib/roles';
import { assertCategory, deleteIfUnused, resolveUpload } from './assets';
import { bumpCatalogueVersion } from './catalogue-version';
import { type FilmDeps, type FilmRow, loadFilmView, loadManageableFilm } from './context';
import { abortUnlessChanged, committing } from './guard';
import type { UpdateFilmInput } from './input';
import { notifyAdminsOfSubmission } from './notify-admins';

/**
 * Where an edit leaves the review: an admin's edit keeps the status. An owner's edit of a rejected
 * film resubmits it; a new video for an approved film must be reviewed again; text edits of an
 * approved film keep it in the catalogue.
 */
export function statusAfterEdit(film: FilmRow, byAdmin: boolean, newMedia: boolean): ReviewStatus {
  if (byAdmin) return film.reviewStatus;
  if (film.reviewStatus === 'rejected' || film.reviewStatus === 'draft') return 'pending';
  if (film.reviewStatus === 'approved' && newMedia) return 'pending';
  return film.reviewStatus;
}

/** The owner or an admin edits a film's details, poster or video. Anyone else: 404. */
export async function updateFilm(
  { db, bell, kv, bucket }: FilmDeps,
  viewer: Viewer,
  id: string,
  input: UpdateFilmInput,
) {
  const film = await loadManageableFilm(db, viewer, id);
  if (Object.values(input).every((v) => v === undefined)) throw badRequest(FILM_MSG.nothingToUpdate);

  const video = input.videoUploadId ? await resolveUpload(db, viewer, input.videoUploadId, 'video', id) : null;
  const poster = input.posterUploadId ? await resolveUpload(db, viewer, input.posterUploadId, 'poster', id) : null;
  if (input.categoryId !== undefined) await assertCategory(db, input.categoryId);

  const status = statusAfterEdit(film, isAdmin(viewer.roles), Boolean(video));
  const resubmitted = status === 'pending' && film.reviewStatus !== 'pending';
  // An owner's new poster for an approved film waits for review; the approved one stays public meanwhile.
  const holdPoster = Boolean(poster) && status === 'approved' && !isAdmin(viewer.roles);
  const uow = new UnitOfWork(db);
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
  if (film.reviewStatus === 'approved') uow.afterCommit(() => bumpCatalogueVersion(kv));
  if (video) uow.afterCommit(() => deleteIfUnused(db, bucket, film.videoKey));
  if (poster) uow.afterCommit(() => deleteIfUnused(db, bucket, holdPoster ? film.pendingPosterKey : film.posterKey));

  await committing(() => uow.commit(), FILM_MSG.changedMeanwhile);
  return loadFilmView(db, id);
}
