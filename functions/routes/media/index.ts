import { Hono } from 'hono';
import { notFound } from '../../domain/errors';
import { ID } from '../../domain/ids';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { streamAvatar } from '../../services/accounts';
import { streamCaptions, streamFilm, streamPoster } from '../../services/catalogue';

/**
 * Film media from R2 through the worker. Video and captions only for viewers allowed to watch
 * (signed in; an approved film, or their own, or any as admin); posters of approved films are public,
 * and so are people's uploaded avatars.
 */
export const mediaRoutes = new Hono<AppEnv>()
  .get(`/videos/:id${ID.film}`, async (c) =>
    streamFilm(c.get('deps'), await currentViewer(c), c.req.param('id'), c.req.raw),
  )
  // One caption track (its id, not the film's), with its film's rule.
  .get(`/captions/:id${ID.caption}`, async (c) =>
    streamCaptions(c.get('deps'), await currentViewer(c), c.req.param('id'), c.req.raw),
  )
  .get(`/posters/:id${ID.film}`, async (c) => {
    const deps = c.get('deps');
    const id = c.req.param('id');
    // Most posters are public: the session is looked up only for a film that is not.
    const res =
      (await streamPoster(deps, null, id, c.req.raw)) ??
      (await streamPoster(deps, await currentViewer(c), id, c.req.raw));
    if (!res) throw notFound('Poster not found');
    return res;
  })
  // Public to everyone alike: no session is looked up.
  .get(`/avatars/:id${ID.avatar}`, async (c) => streamAvatar(c.get('deps'), null, c.req.param('id'), c.req.raw));
