import { Hono } from 'hono';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { connectPayoutAccount, memberPayouts } from '../../services/payouts';

/** /api/payouts — a member's own payout account and payouts. */
export const payoutRoutes = new Hono<AppEnv>()
  .post('/connect', async (c) => {
    const viewer = await currentViewer(c);
    const link = await connectPayoutAccount(c.get('deps'), viewer);
    c.header('Cache-Control', 'no-store');
    return c.json(link);
  })
  .get('/mine', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await memberPayouts(c.get('deps'), viewer));
  });
