import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { checkoutSessions } from '../../db/schema';

/**
 * When a campaign stops taking money (paused, cancelled, completed, sent back to review, a
 * milestone's vote opens) its open Checkout Sessions are expired at Stripe, so nobody can finish a
 * payment it would have to refund. A session Stripe no longer considers open (the payer finished it
 * a moment ago) is left to its completion event: the credit rules decide about that payment.
 * Returns how many sessions were expired. Safe to repeat; run it after the stop has committed.
 */
export async function expireOpenCheckouts(deps: { db: Db; stripe: () => Stripe }, campaignId: string) {
  const open = await deps.db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.campaignId, campaignId), eq(checkoutSessions.status, 'open')));
  let expired = 0;
  for (const { id } of open) {
    try {
      const session = await deps.stripe().checkout.sessions.expire(id, {}, { idempotencyKey: `expire:${id}` });
      if (session.status !== 'expired') continue;
    } catch (err) {
      // Already complete or expired at Stripe: its own event brings the truth.
      console.warn(`stripe: could not expire checkout session ${id}: ${(err as Error).message}`);
      continue;
    }
    await deps.db
      .update(checkoutSessions)
      .set({ status: 'expired', updatedAt: new Date() })
      .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')));
    expired++;
  }
  return expired;
}
