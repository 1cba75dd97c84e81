import { Hono } from 'hono';
import { ID } from '../../domain/ids';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { agreementHistory } from '../../services/campaigns';
import { coinAnalyticsCsv } from '../../services/coins';
import { campaignAnalytics, campaignBreakdown } from '../../services/insights';

/** Read side of the money, under /api/campaigns: the public breakdown, the agreed splits and the team's analytics (money and coin). */
export const campaignInsightRoutes = new Hono<AppEnv>()
  .get(`/:id${ID.campaign}/breakdown`, async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', viewer ? 'private, no-store' : 'no-store');
    return c.json({ breakdown: await campaignBreakdown(c.get('deps'), viewer, c.req.param('id')) });
  })
  .get(`/:id${ID.campaign}/agreements`, async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', viewer ? 'private, no-store' : 'no-store');
    return c.json({ agreements: await agreementHistory(c.get('deps'), viewer, c.req.param('id')) });
  })
  .get(`/:id${ID.campaign}/analytics`, async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ analytics: await campaignAnalytics(c.get('deps'), viewer, c.req.param('id')) });
  })
  // The coin analytics page's figures as a download, read from the index (docs/coins.md, "Coin analytics").
  .get(`/:id${ID.campaign}/coin-analytics.csv`, async (c) => {
    const viewer = await currentViewer(c);
    const { csv, fileName } = await coinAnalyticsCsv(c.get('deps'), viewer, c.req.param('id'));
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  });
