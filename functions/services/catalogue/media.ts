import { type Actor, authorize } from '../../auth/authorize';
import { notFound } from '../../http/errors';
import { mediaOf, type Services } from '../../platform/services';
import { canSee, canWatch, getFilmAssets } from '../../shared/catalogue/film-access';
import { serveObject } from '../../shared/media/serve';

/**
 * A film's video or captions from R2, with Range support: for a signed-in viewer who may watch it
 * (an approved film, their own, or any as admin); anyone else gets 404.
 */
export async function streamFilm(
  services: Pick<Services, 'db' | 'cache' | 'media'>,
  actor: Actor,
  id: string,
  which: 'video' | 'captions',
  request: Request,
): Promise<Response> {
  const viewer = authorize(actor, 'signed-in');
  const missing = which === 'video' ? 'Video not found' : 'Captions not found';
  const film = await getFilmAssets(services, id);
  const key = which === 'video' ? film?.videoKey : film?.captionsKey;
  if (!film || !key || !canWatch(film, viewer)) throw notFound(missing);
  const res = await serveObject(mediaOf(services), key, request, {
    cacheControl: 'private, max-age=3600',
    contentType: which === 'video' ? film.videoType : 'text/vtt; charset=utf-8',
  });
  if (!res) throw notFound(missing);
  return res;
}

/**
 * A film's poster: public for an approved film (cached by browsers for a week: the address carries
 * the film's version), otherwise only for its owner and admins. null when this actor may not see it.
 */
export async function streamPoster(
  services: Pick<Services, 'db' | 'cache' | 'media'>,
  actor: Actor,
  id: string,
  request: Request,
): Promise<Response | null> {
  const viewer = authorize(actor, 'public');
  const film = await getFilmAssets(services, id);
  if (!film?.posterKey) throw notFound('Poster not found');
  const isPublic = film.reviewStatus === 'approved';
  if (!isPublic && !canSee(film, viewer)) return null;
  const res = await serveObject(mediaOf(services), film.posterKey, request, {
    cacheControl: isPublic ? 'public, max-age=604800' : 'private, no-store',
  });
  if (!res) throw notFound('Poster not found');
  return res;
}
