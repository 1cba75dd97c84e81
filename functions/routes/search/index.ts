import { Hono } from 'hono';
import { ANYONE } from '../../auth/authorize';
import { searchQuery } from '../../domain/catalogue/input';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { searchFilms } from '../../services/catalogue';

/** GET /api/search?q=&page= — the catalogue's ranked search (public data only; the /search page uses the same verb). */
export const searchRoutes = new Hono<AppEnv>().get('/', validate('query', searchQuery), async (c) => {
  const { q, page } = c.req.valid('query');
  c.header('Cache-Control', 'public, max-age=60');
  return c.json(await searchFilms(c.get('deps'), ANYONE, q, page));
});
