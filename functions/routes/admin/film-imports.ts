import { Hono } from 'hono';
import { importFilmPageInput } from '../../domain/scraper/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { importFilmPage } from '../../services/scraper';

/** /api/admin/film-imports — fetch a film's page and read its details (docs/film-import.md). Admins only. */
export const filmImportRoutes = new Hono<AppEnv>().post('/', validate('json', importFilmPageInput), async (c) => {
  const viewer = await currentViewer(c);
  c.header('Cache-Control', 'private, no-store');
  return c.json({ import: await importFilmPage(c.get('deps'), viewer, c.req.valid('json')) });
});
