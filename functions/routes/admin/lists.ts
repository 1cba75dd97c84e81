import { Hono } from 'hono';
import { listAdminCampaignsQuery, listMoneyQuery } from '../../domain/overview/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { listAdminCampaigns, listMoney } from '../../services/overview';

/** /api/admin/money — the ledger's movements behind a money figure of the overview (docs/admin-tools.md, "Lists"). Admins only. */
export const adminMoneyRoutes = new Hono<AppEnv>().get('/', validate('query', listMoneyQuery), async (c) => {
  const viewer = await currentViewer(c);
  c.header('Cache-Control', 'private, no-store');
  return c.json(await listMoney(c.get('deps'), viewer, c.req.valid('query')));
});

/** /api/admin/campaigns — every campaign, or those of one status, newest first. Admins only. */
export const adminCampaignRoutes = new Hono<AppEnv>().get(
  '/',
  validate('query', listAdminCampaignsQuery),
  async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listAdminCampaigns(c.get('deps'), viewer, c.req.valid('query')));
  },
);
