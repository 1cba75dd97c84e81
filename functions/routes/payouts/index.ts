import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { ID } from '../../http/ids';
import { requireRoles, requireViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { scheduleFor } from '../../http/wait-until';
import { PAYOUT_STATUSES } from '../../lib/campaign-status';
import { isAdmin } from '../../lib/roles';
import { paymentsFor } from '../../payments/stripe';
import { connectPayoutAccount } from '../../services/payouts/accounts';
import type { PayoutDeps } from '../../services/payouts/deps';
import { refreshPayouts } from '../../services/payouts/refresh';
import { retryPayout } from '../../services/payouts/retry';
import { adminPayouts, memberPayouts } from '../../services/payouts/views';

function payoutDeps(c: Context<AppEnv>): PayoutDeps {
  return { db: c.get('db'), stripe: paymentsFor(c.env, scheduleFor(c)).stripe, bell: c.get('services').bell };
}

/** /api/payouts — a member's own payout account and payouts. */
export const payoutRoutes = new Hono<AppEnv>()
  .post('/connect', async (c) => {
    const viewer = await requireViewer(c);
    const link = await connectPayoutAccount({ ...payoutDeps(c), publicUrl: c.get('config').PUBLIC_URL }, viewer);
    c.header('Cache-Control', 'no-store');
    return c.json(link);
  })
  .get('/mine', async (c) => {
    const viewer = await requireViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await memberPayouts(c.get('db'), viewer.userId));
  });

const listQuery = z.object({ status: z.enum(PAYOUT_STATUSES).optional() });

/** /api/admin/payouts — every payout, retries, and a re-sync from Stripe. Admins only. */
export const adminPayoutRoutes = new Hono<AppEnv>()
  .get('/', validate('query', listQuery), async (c) => {
    await requireRoles(c, isAdmin);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await adminPayouts(c.get('db'), c.req.valid('query').status));
  })
  .post('/refresh', async (c) => {
    await requireRoles(c, isAdmin);
    return c.json(await refreshPayouts(payoutDeps(c)));
  })
  .post(`/:id${ID.payout}/retry`, async (c) => {
    await requireRoles(c, isAdmin);
    return c.json({ outcome: await retryPayout(payoutDeps(c), c.req.param('id')) });
  });
