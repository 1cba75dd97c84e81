import { Hono } from 'hono';
import { statementQuery } from '../../domain/insights/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { memberStatement, memberStatementCsv } from '../../services/insights';

/** The signed-in member's own statement, under /api/me: JSON and a CSV download. */
export const statementRoutes = new Hono<AppEnv>()
  .get('/statement', validate('query', statementQuery), async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      statement: await memberStatement(c.get('deps'), viewer, c.req.valid('query').campaignId ?? null),
    });
  })
  .get('/statement.csv', validate('query', statementQuery), async (c) => {
    const viewer = await currentViewer(c);
    const campaignId = c.req.valid('query').campaignId ?? null;
    const { csv, fileName } = await memberStatementCsv(c.get('deps'), viewer, campaignId);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  });
