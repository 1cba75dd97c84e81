import { eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { filmCaptions } from '../../db/schema';
import { notFound } from '../../domain/errors';
import { FILM_TEXT } from '../../domain/films/texts';
import { type Deps, mediaOf } from '../../platform/deps';
import { serveObject } from '../media';
import { canSee, canWatch, getFilmAssets } from './lib/film-access';

/**
 * A film's video from R2, with Range support: for a signed-in viewer who may watch it (an approved
 * film, their own, or any as admin); anyone else gets 404.
 */
export async function streamFilm(
  deps: Pick<Deps, 'db' | 'cache' | 'media'>,
  actor: Actor,
  id: string,
  request: Request,
): Promise<Response> {
  const viewer = authorize(actor, 'film.watch');
  const film = await getFilmAssets(deps, id);
  if (!film?.videoKey || !canWatch(film, viewer)) throw notFound('Video not found');
  const res = await serveObject(mediaOf(deps), film.videoKey, request, {
    cacheControl: 'private, max-age=3600',
    contentType: film.videoType,
  });
  if (!res) throw notFound('Video not found');
  return res;
}

/** One caption track of a film, to whoever may watch the film (the same rule as its video). */
export async function streamCaptions(
  deps: Pick<Deps, 'db' | 'cache' | 'media'>,
  actor: Actor,
  captionId: string,
  request: Request,
): Promise<Response> {
  const viewer = authorize(actor, 'film.watch');
  const track = await deps.db
    .select({ videoId: filmCaptions.videoId, r2Key: filmCaptions.r2Key })
    .from(filmCaptions)
    .where(eq(filmCaptions.id, captionId))
    .get();
  const film = track ? await getFilmAssets(deps, track.videoId) : null;
  if (!track || !film || !canWatch(film, viewer)) throw notFound(FILM_TEXT.captionsNotFound);
  const res = await serveObject(mediaOf(deps), track.r2Key, request, {
    cacheControl: 'private, max-age=3600',
    contentType: 'text/vtt; charset=utf-8',
  });
  if (!res) throw notFound(FILM_TEXT.captionsNotFound);
  return res;
}

/**
 * A film's poster: public for an approved film (cached by browsers for a week: the address carries
 * the film's version), otherwise only for its owner and admins. null when this actor may not see it.
 */
export async function streamPoster(
  deps: Pick<Deps, 'db' | 'cache' | 'media'>,
  actor: Actor,
  id: string,
  request: Request,
): Promise<Response | null> {
  const viewer = authorize(actor, 'catalogue.read');
  const film = await getFilmAssets(deps, id);
  if (!film?.posterKey) throw notFound('Poster not found');
  const isPublic = film.reviewStatus === 'approved';
  if (!isPublic && !canSee(film, viewer)) return null;
  const res = await serveObject(mediaOf(deps), film.posterKey, request, {
    cacheControl: isPublic ? 'public, max-age=604800' : 'private, no-store',
  });
  if (!res) throw notFound('Poster not found');
  return res;
}
