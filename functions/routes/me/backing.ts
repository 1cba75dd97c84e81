import { Hono } from 'hono';
import { statementYearInput } from '../../domain/backing/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { myBacking, myBackingStatementCsv } from '../../services/backing';

/** The signed-in backer's own payments under /api/me (docs/backing.md): JSON and a yearly CSV. */
export const backingRoutes = new Hono<AppEnv>()
  .get('/backing', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ backing: await myBacking(c.get('deps'), viewer) });
  })
  .get('/backing.csv', validate('query', statementYearInput), async (c) => {
    const viewer = await currentViewer(c);
    const { csv, fileName } = await myBackingStatementCsv(c.get('deps'), viewer, c.req.valid('query'));
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    });
  });
