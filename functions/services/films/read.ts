import { asc, desc, eq, isNotNull, or } from 'drizzle-orm';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { categories, videos } from '../../db/schema';
import { filmView, loadFilmView, loadManageableFilm, selectFilmViews } from './context';

/** The caller's own films with their review states, newest first. */
export async function listMyFilms(db: Db, viewer: Viewer) {
  const rows = await selectFilmViews(db)
    .where(eq(videos.contributorId, viewer.userId))
    .orderBy(desc(videos.createdAt))
    .limit(200);
  return rows.map(filmView);
}

/** Films awaiting review, the longest-waiting first. */
export async function listReviewQueue(db: Db) {
  const rows = await selectFilmViews(db)
    .where(or(eq(videos.reviewStatus, 'pending'), isNotNull(videos.pendingPosterKey)))
    .orderBy(asc(videos.updatedAt))
    .limit(100);
  return rows.map(filmView);
}

/** One film for its edit form (owner or admin; anyone else 404). */
export async function getFilmForEdit(db: Db, viewer: Viewer, id: string) {
  await loadManageableFilm(db, viewer, id);
  return loadFilmView(db, id);
}

export function listCategories(db: Db) {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
}
