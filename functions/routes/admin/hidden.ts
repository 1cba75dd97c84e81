import { Hono } from 'hono';
import { hiddenListQuery } from '../../domain/reports/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { listHiddenItems } from '../../services/reports';

/**
 * /api/admin/hidden?page= — every item admins hid, of every kind, newest hide first (docs/reports.md,
 * "The Hidden list"). Admins only: 401 signed out, 403 for others. Unhide is POST /api/reports/{kind}/{id}/unhide.
 */
export const adminHiddenRoutes = new Hono<AppEnv>().get('/', validate('query', hiddenListQuery), async (c) => {
  const viewer = await currentViewer(c);
  c.header('Cache-Control', 'private, no-store');
  return c.json(await listHiddenItems(c.get('deps'), viewer, c.req.valid('query')));
});
