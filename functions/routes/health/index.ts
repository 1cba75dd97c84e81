import { Hono } from 'hono';
import type { AppEnv } from '../../http/types';
import { checkHealth } from '../../services/health/check';

export const health = new Hono<AppEnv>().get('/', async (c) => {
  const report = await checkHealth(c.get('services'));
  return c.json(report, report.status === 'ok' ? 200 : 503);
});
