import { Hono } from 'hono';
import { z } from 'zod';
import { ID } from '../../http/ids';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { campaignAnalytics } from '../../services/insights/analytics';
import { campaignBreakdown } from '../../services/insights/breakdown';
import { memberStatement, memberStatementCsv } from '../../services/insights/statement';

/** Read side of the money, under /api/campaigns: the public breakdown and the team's analytics. */
export const campaignInsightRoutes = new Hono<AppEnv>()
  .get(`/:id${ID.campaign}/breakdown`, async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', viewer ? 'private, no-store' : 'no-store');
    return c.json({ breakdown: await campaignBreakdown(c.get('services'), viewer, c.req.param('id')) });
  })
  .get(`/:id${ID.campaign}/analytics`, async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ analytics: await campaignAnalytics(c.get('services'), viewer, c.req.param('id')) });
  });

const statementQuery = z.object({ campaignId: z.string().min(1).max(64).optional() });

/** The signed-in member's own statement, under /api/me: JSON and a CSV download. */
export const statementRoutes = new Hono<AppEnv>()
  .get('/statement', validate('query', statementQuery), async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      statement: await memberStatement(c.get('services'), viewer, c.req.valid('query').campaignId ?? null),
    });
  })
  .get('/statement.csv', validate('query', statementQuery), async (c) => {
    const viewer = await currentViewer(c);
    const campaignId = c.req.valid('query').campaignId ?? null;
    const { csv, fileName } = await memberStatementCsv(c.get('services'), viewer, campaignId);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  });
