import { Hono } from 'hono';
import { ID } from '../../domain/ids';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { getFilmTeam } from '../../services/campaigns';

/** GET /api/films/:movieId/team — the film's originator and approved team with roles (public for approved films). */
export const filmTeamRoutes = new Hono<AppEnv>().get(`/:movieId${ID.film}/team`, async (c) => {
  const viewer = await currentViewer(c);
  c.header('Cache-Control', 'private, max-age=60');
  return c.json(await getFilmTeam(c.get('deps'), viewer, c.req.param('movieId')));
});
