import { Hono } from 'hono';
import { z } from 'zod';
import { requireRoles, requireViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { PAYOUT_STATUSES } from '../../lib/campaign-status';
import { isAdmin } from '../../lib/roles';
import { connectPayoutAccount } from '../../services/payouts/accounts';
import { refreshPayouts } from '../../services/payouts/refresh';
import { retryPayout } from '../../services/payouts/retry';
import { adminPayouts, memberPayouts } from '../../services/payouts/views';

/** /api/payouts — a member's own payout account and payouts. */
export const payoutRoutes = new Hono<AppEnv>()
  .post('/connect', async (c) => {
    const viewer = await requireViewer(c);
    const link = await connectPayoutAccount(c.get('services'), viewer);
    c.header('Cache-Control', 'no-store');
    return c.json(link);
  })
  .get('/mine', async (c) => {
    const viewer = await requireViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await memberPayouts(c.get('services'), viewer.userId));
  });

const listQuery = z.object({ status: z.enum(PAYOUT_STATUSES).optional() });

/** /api/admin/payouts — every payout, retries, and a re-sync from Stripe. Admins only. */
export const adminPayoutRoutes = new Hono<AppEnv>()
  .get('/', validate('query', listQuery), async (c) => {
    await requireRoles(c, isAdmin);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await adminPayouts(c.get('services'), c.req.valid('query').status));
  })
  .post('/refresh', async (c) => {
    await requireRoles(c, isAdmin);
    return c.json(await refreshPayouts(c.get('services')));
  })
  .post('/:id/retry', async (c) => {
    await requireRoles(c, isAdmin);
    return c.json({ outcome: await retryPayout(c.get('services'), c.req.param('id')) });
  });
