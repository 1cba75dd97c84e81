import { Hono } from 'hono';
import { ID } from '../../domain/ids';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import {
  getFilmForEdit,
  listCategories,
  listMyFilms,
  listReviewHistory,
  listReviewQueue,
  previewMedia,
} from '../../services/films';

/**
 * The creators' and admins' side of films (reads): my films, the review queue, a film's edit data
 * and previews of its media. Owner or admin only; anyone else gets 404 for a film.
 */
export const studioRoutes = new Hono<AppEnv>()
  .get('/films', async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ films: await listMyFilms(c.get('deps'), viewer) });
  })
  .get('/categories', async (c) => c.json({ categories: await listCategories(c.get('deps'), await currentViewer(c)) }))
  .get('/review', async (c) => {
    const viewer = await currentViewer(c);
    const [films, history] = await Promise.all([
      listReviewQueue(c.get('deps'), viewer),
      listReviewHistory(c.get('deps'), viewer),
    ]);
    return c.json({ films, history });
  })
  .get(`/films/:id${ID.film}`, async (c) => {
    const viewer = await currentViewer(c);
    const [film, categories] = await Promise.all([
      getFilmForEdit(c.get('deps'), viewer, c.req.param('id')),
      listCategories(c.get('deps'), viewer),
    ]);
    return c.json({ film, categories });
  })
  .get(`/films/:id${ID.film}/video`, async (c) => {
    const viewer = await currentViewer(c);
    return previewMedia(c.get('deps'), viewer, c.req.param('id'), 'video', c.req.raw);
  })
  .get(`/films/:id${ID.film}/poster`, async (c) => {
    const viewer = await currentViewer(c);
    const which = c.req.query('pending') ? 'pending-poster' : 'poster';
    return previewMedia(c.get('deps'), viewer, c.req.param('id'), which, c.req.raw);
  });
