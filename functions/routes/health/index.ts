import { Hono } from 'hono';
import { ANYONE } from '../../auth/authorize';
import type { AppEnv } from '../../http/types';
import { checkHealth } from '../../services/health';

export const health = new Hono<AppEnv>().get('/', async (c) => {
  const report = await checkHealth(c.get('deps'), ANYONE);
  return c.json(report, report.status === 'ok' ? 200 : 503);
});
