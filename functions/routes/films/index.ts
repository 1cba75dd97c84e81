import type { Context } from 'hono';
import { Hono } from 'hono';
import { ID } from '../../http/ids';
import { requireViewer, roleGuard } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { isAdmin, isContributor } from '../../lib/roles';
import type { FilmDeps } from '../../services/films/context';
import { createFilm } from '../../services/films/create';
import { createFilmInput, rejectFilmInput, updateFilmInput } from '../../services/films/input';
import { approveFilm, rejectFilm } from '../../services/films/review';
import { updateFilm } from '../../services/films/update';

const deps = (c: Context<AppEnv>): FilmDeps => ({ ...c.get('services'), kv: c.env.KV, bucket: c.env.MEDIA });

/**
 * Writing films: creators add and edit their own (admins any), admins review. Reads for these
 * screens are under /api/studio; the public catalogue reads films on its own routes.
 */
export const filmRoutes = new Hono<AppEnv>()
  .post('/', roleGuard(isContributor), validate('json', createFilmInput), async (c) => {
    const viewer = await requireViewer(c);
    return c.json({ film: await createFilm(deps(c), viewer, c.req.valid('json')) }, 201);
  })
  .patch(`/:id${ID.film}`, roleGuard(isContributor), validate('json', updateFilmInput), async (c) => {
    const viewer = await requireViewer(c);
    return c.json({ film: await updateFilm(deps(c), viewer, c.req.param('id'), c.req.valid('json')) });
  })
  .post(`/:id${ID.film}/approve`, roleGuard(isAdmin), async (c) => {
    const viewer = await requireViewer(c);
    return c.json({ film: await approveFilm(deps(c), viewer, c.req.param('id')) });
  })
  .post(`/:id${ID.film}/reject`, roleGuard(isAdmin), validate('json', rejectFilmInput), async (c) => {
    const viewer = await requireViewer(c);
    return c.json({ film: await rejectFilm(deps(c), viewer, c.req.param('id'), c.req.valid('json').reason) });
  });
