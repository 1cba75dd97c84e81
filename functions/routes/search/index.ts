import { Hono } from 'hono';
import { ANYONE } from '../../auth/authorize';
import { searchQuery } from '../../domain/catalogue/input';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { searchCampaigns, searchFilms } from '../../services/catalogue';

/**
 * GET /api/search?q=&page= — the catalogue's ranked search (public data only; the /search page uses the
 * same verbs): page N of the films, and under `campaigns` page N of the public campaigns.
 */
export const searchRoutes = new Hono<AppEnv>().get('/', validate('query', searchQuery), async (c) => {
  const { q, page } = c.req.valid('query');
  c.header('Cache-Control', 'public, max-age=60');
  const deps = c.get('deps');
  const [films, campaigns] = await Promise.all([
    searchFilms(deps, ANYONE, q, page),
    searchCampaigns(deps, ANYONE, q, page),
  ]);
  return c.json({ ...films, campaigns });
});
