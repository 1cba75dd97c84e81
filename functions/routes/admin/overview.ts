import { Hono } from 'hono';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { adminOverview } from '../../services/overview';

/** /api/admin/overview — the admin dashboard's first tab as data (docs/admin-tools.md, "Overview"). Admins only. */
export const adminOverviewRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const viewer = await currentViewer(c);
  c.header('Cache-Control', 'private, no-store');
  return c.json({ overview: await adminOverview(c.get('deps'), viewer) });
});
