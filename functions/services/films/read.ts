import { asc, desc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { categories, profiles, videos } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { filmViews, loadFilmView, loadManageableFilm, selectFilmViews } from './internal/film-view';

/** The caller's own films with their review states, newest first. */
export async function listMyFilms({ db }: Pick<Deps, 'db'>, actor: Actor) {
  const viewer = authorize(actor, 'film.list-own');
  const rows = await selectFilmViews(db)
    .where(eq(videos.contributorId, viewer.userId))
    .orderBy(desc(videos.createdAt))
    .limit(200);
  return (await filmViews(db, rows)).map((r) => r.view);
}

/** Films awaiting review, the longest-waiting first. */
export async function listReviewQueue({ db }: Pick<Deps, 'db'>, actor: Actor) {
  authorize(actor, 'film.review');
  const rows = await selectFilmViews(db)
    .where(or(eq(videos.reviewStatus, 'pending'), isNotNull(videos.pendingPosterKey)))
    .orderBy(asc(videos.updatedAt))
    .limit(100);
  return (await filmViews(db, rows)).map((r) => r.view);
}

/** How many decided films the review history shows. */
const HISTORY_LIMIT = 20;

/** The review history: films an admin decided (an admin's own film, published directly, too), the latest first. */
export async function listReviewHistory({ db }: Pick<Deps, 'db'>, actor: Actor) {
  authorize(actor, 'film.review');
  const rows = await selectFilmViews(db)
    .where(isNotNull(videos.reviewedAt))
    .orderBy(desc(videos.reviewedAt))
    .limit(HISTORY_LIMIT);
  const reviewerIds = [...new Set(rows.map((r) => r.film.reviewedBy).filter((id): id is string => Boolean(id)))];
  const names = reviewerIds.length
    ? await db
        .select({ id: profiles.userId, username: profiles.username })
        .from(profiles)
        .where(inArray(profiles.userId, reviewerIds))
    : [];
  const nameOf = new Map(names.map((n) => [n.id, n.username]));
  return (await filmViews(db, rows)).map(({ row: r, view }) => ({
    ...view,
    reviewedBy: r.film.reviewedBy ? { id: r.film.reviewedBy, username: nameOf.get(r.film.reviewedBy) ?? null } : null,
  }));
}

/** One film for its edit form (owner or admin; anyone else 404). */
export async function getFilmForEdit({ db }: Pick<Deps, 'db'>, actor: Actor, id: string) {
  const viewer = authorize(actor, 'film.edit-own');
  await loadManageableFilm(db, viewer, id);
  return loadFilmView(db, id);
}

export async function listCategories({ db }: Pick<Deps, 'db'>, actor: Actor) {
  authorize(actor, 'film.create');
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
}
