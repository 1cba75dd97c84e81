import type { Viewer } from '../../../auth/viewer';
import { notFound } from '../../../domain/errors';
import type { Deps } from '../../../platform/deps';
import { canWatch, getFilmAssets } from '../../catalogue';

/** A film counts as finished past this share of its length: it leaves Continue watching and restarts. */
export const FINISHED_RATIO = 0.9;

/** The film must exist and be watchable by this viewer; otherwise 404 (never a hint it exists). */
export async function requireWatchable(deps: Pick<Deps, 'db' | 'cache'>, viewer: Viewer, videoId: string) {
  const film = await getFilmAssets(deps, videoId);
  if (!film || !canWatch(film, viewer)) throw notFound('Video not found');
  return film;
}
