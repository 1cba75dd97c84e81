import { Hono } from 'hono';
import { z } from 'zod';
import { ID } from '../../http/ids';
import { currentViewer, requireViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { campaignAnalytics } from '../../services/insights/analytics';
import { campaignBreakdown } from '../../services/insights/breakdown';
import { memberStatement } from '../../services/insights/statement';
import { statementCsv, statementFileName } from '../../services/insights/statement-csv';

/** Read side of the money, under /api/campaigns: the public breakdown and the team's analytics. */
export const campaignInsightRoutes = new Hono<AppEnv>()
  .get(`/:id${ID.campaign}/breakdown`, async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', viewer ? 'private, no-store' : 'no-store');
    return c.json({ breakdown: await campaignBreakdown(c.get('db'), viewer, c.req.param('id')) });
  })
  .get(`/:id${ID.campaign}/analytics`, async (c) => {
    const viewer = await requireViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ analytics: await campaignAnalytics(c.get('db'), viewer, c.req.param('id')) });
  });

const statementQuery = z.object({ campaignId: z.string().min(1).max(64).optional() });

/** The signed-in member's own statement, under /api/me: JSON and a CSV download. */
export const statementRoutes = new Hono<AppEnv>()
  .get('/statement', validate('query', statementQuery), async (c) => {
    const viewer = await requireViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ statement: await memberStatement(c.get('db'), viewer, c.req.valid('query').campaignId ?? null) });
  })
  .get('/statement.csv', validate('query', statementQuery), async (c) => {
    const viewer = await requireViewer(c);
    const campaignId = c.req.valid('query').campaignId ?? null;
    const statement = await memberStatement(c.get('db'), viewer, campaignId);
    return c.body(statementCsv(statement), 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${statementFileName(campaignId)}"`,
      'Cache-Control': 'private, no-store',
    });
  });
