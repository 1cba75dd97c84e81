import { and, eq, isNull, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { escrowRefunds } from '../../../db/schema';
import type { Deps } from '../../../platform/deps';

type RefundRow = typeof escrowRefunds.$inferSelect;

/**
 * Asks Stripe for a claimed refund, under the key `refund:<pi>` with the same parameters the
 * credit path uses for a payment it cannot take, so every attempt — ours, a retry, the hourly job —
 * is one refund at Stripe. A payment Stripe says is already refunded counts as refunded. Other
 * errors are recorded on the row and retried by the hourly job. Returns whether it is done.
 */
export async function askStripeToRefund(deps: Deps, row: RefundRow): Promise<boolean> {
  if (row.refundedAt) return true;
  let refundId: string | null = null;
  try {
    const refund = await deps.stripe.refunds.create(
      {
        payment_intent: row.paymentIntentId,
        reason: 'requested_by_customer',
        metadata: { campaignId: row.campaignId },
      },
      { idempotencyKey: `refund:${row.paymentIntentId}` },
    );
    if (refund.status === 'failed' || refund.status === 'canceled') {
      return fail(deps, row, `Stripe answered refund ${refund.id} with status ${refund.status}`);
    }
    refundId = refund.id;
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    if (err.code !== 'charge_already_refunded') return fail(deps, row, `${err.type}: ${err.message}`);
  }
  await deps.db
    .update(escrowRefunds)
    .set({
      stripeRefundId: refundId,
      refundedAt: new Date(),
      lastError: null,
      attempts: sql`${escrowRefunds.attempts} + 1`,
    })
    .where(and(eq(escrowRefunds.paymentIntentId, row.paymentIntentId), isNull(escrowRefunds.refundedAt)));
  return true;
}

async function fail(deps: Deps, row: RefundRow, why: string) {
  console.error(
    `refunds: the refund of ${row.paymentIntentId} (campaign ${row.campaignId}) failed, will retry: ${why}`,
  );
  await deps.db
    .update(escrowRefunds)
    .set({ lastError: why.slice(0, 500), attempts: sql`${escrowRefunds.attempts} + 1` })
    .where(and(eq(escrowRefunds.paymentIntentId, row.paymentIntentId), isNull(escrowRefunds.refundedAt)));
  return false;
}

/** Refunds claimed but not yet made at Stripe (all, or one campaign's): made now. */
export async function finishStripeRefunds(deps: Deps, campaignId?: string) {
  const rows = await deps.db
    .select()
    .from(escrowRefunds)
    .where(and(isNull(escrowRefunds.refundedAt), campaignId ? eq(escrowRefunds.campaignId, campaignId) : undefined))
    .limit(200);
  let done = 0;
  for (const row of rows) if (await askStripeToRefund(deps, row)) done++;
  return { asked: rows.length, done };
}
