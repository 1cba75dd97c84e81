import { Hono } from 'hono';
import { ID } from '../../http/ids';
import { currentViewer, requireViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { notFound } from '../../lib/errors';
import { catalogueContext } from '../../services/catalogue/context';
import { canSee, canWatch, getFilmAssets } from '../../services/catalogue/film';
import { serveObject } from '../../services/media/serve';

/**
 * Film media from R2 through the worker. Video and captions only for viewers allowed to watch
 * (signed in; an approved film, or their own, or any as admin); posters of approved films are public.
 */
export const mediaRoutes = new Hono<AppEnv>()
  .get(`/videos/:id${ID.film}`, async (c) => {
    const viewer = await requireViewer(c);
    const film = await getFilmAssets(catalogueContext(c.get('db'), c.env.KV), c.req.param('id'));
    if (!film?.videoKey || !canWatch(film, viewer)) throw notFound('Video not found');
    const res = await serveObject(c.env.MEDIA, film.videoKey, c.req.raw, {
      cacheControl: 'private, max-age=3600',
      contentType: film.videoType,
    });
    if (!res) throw notFound('Video not found');
    return res;
  })
  .get(`/captions/:id${ID.film}`, async (c) => {
    const viewer = await requireViewer(c);
    const film = await getFilmAssets(catalogueContext(c.get('db'), c.env.KV), c.req.param('id'));
    if (!film?.captionsKey || !canWatch(film, viewer)) throw notFound('Captions not found');
    const res = await serveObject(c.env.MEDIA, film.captionsKey, c.req.raw, {
      cacheControl: 'private, max-age=3600',
      contentType: 'text/vtt; charset=utf-8',
    });
    if (!res) throw notFound('Captions not found');
    return res;
  })
  .get(`/posters/:id${ID.film}`, async (c) => {
    const film = await getFilmAssets(catalogueContext(c.get('db'), c.env.KV), c.req.param('id'));
    if (!film?.posterKey) throw notFound('Poster not found');
    const isPublic = film.reviewStatus === 'approved';
    if (!isPublic && !canSee(film, await currentViewer(c))) throw notFound('Poster not found');
    const res = await serveObject(c.env.MEDIA, film.posterKey, c.req.raw, {
      // The address carries the film's version (?v=), so a changed poster gets a new URL.
      cacheControl: isPublic ? 'public, max-age=604800' : 'private, no-store',
    });
    if (!res) throw notFound('Poster not found');
    return res;
  });
