import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { checkoutSessions } from '../../../db/schema';
import type { Deps } from '../../../platform/deps';

/**
 * When a campaign stops taking money (paused, cancelled, completed, sent back to review, a
 * milestone's vote opens) its open Checkout Sessions are expired at Stripe, so nobody can finish a
 * payment it would have to refund. A session Stripe no longer considers open (the payer finished it
 * a moment ago) is left to its completion event: the credit rules decide about that payment.
 * Returns how many sessions were expired. Safe to repeat; run it after the stop has committed.
 */
export async function expireOpenCheckouts(deps: Pick<Deps, 'db' | 'stripe'>, campaignId: string) {
  return expireCheckoutSessions(deps, await openCheckouts(deps.db, campaignId));
}

/** The campaign's open Checkout Sessions (read before a delete, which takes their rows with it). */
export async function openCheckouts(db: Db, campaignId: string) {
  const open = await db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.campaignId, campaignId), eq(checkoutSessions.status, 'open')));
  return open.map((s) => s.id);
}

/** Expires these sessions at Stripe and marks their rows (if they still exist) expired. */
export async function expireCheckoutSessions(deps: Pick<Deps, 'db' | 'stripe'>, ids: readonly string[]) {
  let expired = 0;
  for (const id of ids) {
    try {
      const session = await deps.stripe.checkout.sessions.expire(id, {}, { idempotencyKey: `expire:${id}` });
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
