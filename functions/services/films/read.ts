import { asc, desc, eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/viewer';
import { categories, videos } from '../../db/schema';
import type { Services } from '../../platform/services';
import { filmView, loadFilmView, loadManageableFilm, selectFilmViews } from './context';

/** The caller's own films with their review states, newest first. */
export async function listMyFilms({ db }: Pick<Services, 'db'>, viewer: Viewer) {
  const rows = await selectFilmViews(db)
    .where(eq(videos.contributorId, viewer.userId))
    .orderBy(desc(videos.createdAt))
    .limit(200);
  return rows.map(filmView);
}

/** Films awaiting review, the longest-waiting first. */
export async function listReviewQueue({ db }: Pick<Services, 'db'>) {
  const rows = await selectFilmViews(db)
    .where(eq(videos.reviewStatus, 'pending'))
    .orderBy(asc(videos.updatedAt))
    .limit(100);
  return rows.map(filmView);
}

/** One film for its edit form (owner or admin; anyone else 404). */
export async function getFilmForEdit({ db }: Pick<Services, 'db'>, viewer: Viewer, id: string) {
  await loadManageableFilm(db, viewer, id);
  return loadFilmView(db, id);
}

export function listCategories({ db }: Pick<Services, 'db'>) {
  return db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.position), asc(categories.name));
}
