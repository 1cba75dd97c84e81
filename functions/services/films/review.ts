import { and, eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/viewer';
import { type ReviewStatus, videos } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { conflict } from '../../domain/errors';
import { rejectFilmInput } from '../../domain/films/input';
import { FILM_TEXT } from '../../domain/films/texts';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { notify } from '../notifications';
import { type FilmRow, loadFilmView, loadManageableFilm } from './internal/film-view';
import { abortUnlessChanged, committing } from './internal/guard';

/**
 * An admin approves a film awaiting review (or one rejected earlier): it enters the catalogue, the
 * uploader is told in the same write, and the catalogue cache is invalidated.
 */
export async function approveFilm(deps: Deps, actor: Actor, id: string) {
  const viewer = authorize(actor, 'film.review');
  const { db, bell } = deps;
  const film = await loadManageableFilm(db, viewer, id);
  if (film.reviewStatus === 'approved' && film.pendingPosterKey) return approvePoster(deps, viewer, film);
  if (film.reviewStatus !== 'pending' && film.reviewStatus !== 'rejected') throw conflict(FILM_TEXT.notAwaitingReview);
  if (!film.videoKey) throw conflict(FILM_TEXT.noVideo);

  const now = new Date();
  const uow = new UnitOfWork(deps, viewer);
  uow.add(
    db
      .update(videos)
      .set({
        reviewStatus: 'approved',
        reviewReason: null,
        reviewedBy: viewer.userId,
        reviewedAt: now,
        publishedAt: sql`coalesce(${videos.publishedAt}, ${now.getTime()})`,
        ...takePendingPoster(film),
        updatedAt: now,
      })
      .where(and(eq(videos.id, id), eq(videos.reviewStatus, film.reviewStatus))),
    abortUnlessChanged(db),
  );
  notify(uow, bell, {
    userId: film.contributorId,
    type: 'video',
    title: 'Your film was approved',
    message: `“${film.title}” is now in the catalogue.`,
    videoId: id,
    actorId: viewer.userId,
  });
  uow.audit({ verb: 'approveFilm', resourceType: 'film', resourceId: id, summary: `Approved film “${film.title}”` });
  uow.owe('catalogue-bump', {});
  if (film.pendingPosterKey && film.posterKey) uow.owe('media-delete', { key: film.posterKey, ifUnused: true });
  await committing(() => uow.commit(), FILM_TEXT.notAwaitingReview);
  return loadFilmView(db, id);
}

const takePendingPoster = (film: FilmRow) =>
  film.pendingPosterKey
    ? {
        posterKey: film.pendingPosterKey,
        posterWidth: film.pendingPosterWidth,
        posterHeight: film.pendingPosterHeight,
        pendingPosterKey: null,
        pendingPosterWidth: null,
        pendingPosterHeight: null,
      }
    : {};

/** The waiting poster of an approved film replaces the public one. */
async function approvePoster(deps: Deps, viewer: Viewer, film: FilmRow) {
  const { db, bell } = deps;
  const uow = new UnitOfWork(deps, viewer);
  uow.add(
    db
      .update(videos)
      .set({ ...takePendingPoster(film), updatedAt: new Date() })
      .where(and(eq(videos.id, film.id), eq(videos.pendingPosterKey, film.pendingPosterKey as string))),
    abortUnlessChanged(db),
  );
  notify(uow, bell, {
    userId: film.contributorId,
    type: 'video',
    title: 'Your new poster was approved',
    message: `“${film.title}” shows its new poster.`,
    videoId: film.id,
    actorId: viewer.userId,
  });
  uow.audit({
    verb: 'approveFilm',
    resourceType: 'film',
    resourceId: film.id,
    summary: `Approved the new poster of film “${film.title}”`,
  });
  uow.owe('catalogue-bump', {});
  if (film.posterKey) uow.owe('media-delete', { key: film.posterKey, ifUnused: true });
  await committing(() => uow.commit(), FILM_TEXT.notAwaitingReview);
  return loadFilmView(db, film.id);
}

/** The waiting poster of an approved film is refused; the film and its public poster stay as they are. */
async function rejectPoster(deps: Deps, viewer: Viewer, film: FilmRow, reason: string) {
  const { db, bell } = deps;
  const uow = new UnitOfWork(deps, viewer);
  uow.add(
    db
      .update(videos)
      .set({ pendingPosterKey: null, pendingPosterWidth: null, pendingPosterHeight: null, updatedAt: new Date() })
      .where(and(eq(videos.id, film.id), eq(videos.pendingPosterKey, film.pendingPosterKey as string))),
    abortUnlessChanged(db),
  );
  notify(uow, bell, {
    userId: film.contributorId,
    type: 'video',
    title: 'Your new poster was not approved',
    message: `“${film.title}”: ${reason}`,
    videoId: film.id,
    actorId: viewer.userId,
  });
  uow.audit({
    verb: 'rejectFilm',
    resourceType: 'film',
    resourceId: film.id,
    summary: `Rejected the new poster of film “${film.title}”`,
  });
  if (film.pendingPosterKey) uow.owe('media-delete', { key: film.pendingPosterKey, ifUnused: true });
  await committing(() => uow.commit(), FILM_TEXT.cannotReject);
  return loadFilmView(db, film.id);
}

const REJECTABLE: ReviewStatus[] = ['pending', 'approved'];

/**
 * An admin rejects a film awaiting review, or takes an approved one out of the catalogue, with a
 * reason the owner sees; the owner may edit and resubmit it.
 */
export async function rejectFilm(deps: Deps, actor: Actor, id: string, reason: string) {
  const viewer = authorize(actor, 'film.review');
  ({ reason } = parseInput(rejectFilmInput, { reason }));
  const { db, bell } = deps;
  const film = await loadManageableFilm(db, viewer, id);
  if (film.reviewStatus === 'approved' && film.pendingPosterKey) return rejectPoster(deps, viewer, film, reason);
  if (!REJECTABLE.includes(film.reviewStatus)) throw conflict(FILM_TEXT.cannotReject);

  const now = new Date();
  const uow = new UnitOfWork(deps, viewer);
  uow.add(
    db
      .update(videos)
      .set({
        reviewStatus: 'rejected',
        reviewReason: reason,
        reviewedBy: viewer.userId,
        reviewedAt: now,
        updatedAt: now,
      })
      .where(and(eq(videos.id, id), eq(videos.reviewStatus, film.reviewStatus))),
    abortUnlessChanged(db),
  );
  notify(uow, bell, {
    userId: film.contributorId,
    type: 'video',
    title: film.reviewStatus === 'approved' ? 'Your film was taken out of the catalogue' : 'Your film was not approved',
    message: `“${film.title}”: ${reason}`,
    videoId: id,
    actorId: viewer.userId,
  });
  uow.audit({
    verb: 'rejectFilm',
    resourceType: 'film',
    resourceId: id,
    summary:
      film.reviewStatus === 'approved'
        ? `Took film “${film.title}” out of the catalogue`
        : `Rejected film “${film.title}”`,
  });
  if (film.reviewStatus === 'approved') uow.owe('catalogue-bump', {});
  await committing(() => uow.commit(), FILM_TEXT.cannotReject);
  return loadFilmView(db, id);
}
