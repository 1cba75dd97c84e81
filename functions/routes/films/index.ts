import { Hono } from 'hono';
import { createFilmInput, rejectFilmInput, updateFilmInput } from '../../domain/films/input';
import { ID } from '../../domain/ids';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { approveFilm, createFilm, rejectFilm, updateFilm } from '../../services/films';
import { filmCaptionRoutes } from './captions';
import { filmTeamRoutes } from './team';

/**
 * Writing films: creators add and edit their own (admins any), admins review. Reads for these
 * screens are under /api/studio; the public catalogue reads films on its own routes.
 */
export const filmRoutes = new Hono<AppEnv>()
  .post('/', validate('json', createFilmInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ film: await createFilm(c.get('deps'), viewer, c.req.valid('json')) }, 201);
  })
  .patch(`/:id${ID.film}`, validate('json', updateFilmInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ film: await updateFilm(c.get('deps'), viewer, c.req.param('id'), c.req.valid('json')) });
  })
  .post(`/:id${ID.film}/approve`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ film: await approveFilm(c.get('deps'), viewer, c.req.param('id')) });
  })
  .post(`/:id${ID.film}/reject`, validate('json', rejectFilmInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ film: await rejectFilm(c.get('deps'), viewer, c.req.param('id'), c.req.valid('json').reason) });
  })
  .route('/', filmCaptionRoutes)
  .route('/', filmTeamRoutes);
