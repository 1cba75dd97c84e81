import { Hono } from 'hono';
import { ID } from '../../domain/ids';
import { adminPayoutsQuery } from '../../domain/payouts/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { adminPayouts, refreshPayouts, retryPayout } from '../../services/payouts';

/** /api/admin/payouts — every payout, retries, and a re-sync from Stripe. Admins only. */
export const adminPayoutRoutes = new Hono<AppEnv>()
  .get('/', validate('query', adminPayoutsQuery), async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await adminPayouts(c.get('deps'), viewer, c.req.valid('query').status));
  })
  .post('/refresh', async (c) => c.json(await refreshPayouts(c.get('deps'), await currentViewer(c))))
  .post(`/:id${ID.payout}/retry`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ outcome: await retryPayout(c.get('deps'), viewer, c.req.param('id')) });
  });
