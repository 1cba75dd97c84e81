import { Hono } from 'hono';
import { listAuditQuery } from '../../domain/audit/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { listAudit } from '../../services/audit';

/** /api/admin/audit — who changed what, newest first, with cursor paging and filters. Admins only. */
export const auditRoutes = new Hono<AppEnv>().get('/', validate('query', listAuditQuery), async (c) => {
  const viewer = await currentViewer(c);
  c.header('Cache-Control', 'private, no-store');
  return c.json(await listAudit(c.get('deps'), viewer, c.req.valid('query')));
});
