import { and, eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaigns, ledgerGroups } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { finishStripeRefunds } from './internal/complete';
import { sendRefundNotices } from './internal/notices';
import { refundCancelledCampaign } from './internal/refund-campaign';

/**
 * The hourly job: cancelled campaigns still holding unclaimed payments are refunded, refunds
 * claimed but not made at Stripe are made, and payers not yet told are told.
 */
export async function finishRefunds(deps: Deps, actor: Actor) {
  const system = authorize(actor, 'refund.finish');
  const holding = await deps.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'cancelled'),
        sql`exists (select 1 from ${ledgerGroups} g where g.kind = 'payment' and g.campaign_id = ${campaigns.id}
          and not exists (select 1 from escrow_claims c where c.payment_intent_id = g.payment_intent_id)
          and not exists (select 1 from ledger_groups r where r.idempotency_key = 'refund:' || g.payment_intent_id))`,
      ),
    )
    .limit(50);
  let claimed = 0;
  for (const c of holding) claimed += (await refundCancelledCampaign(deps, system, c.id)).claimed;
  const stripe = await finishStripeRefunds(deps);
  const notified = await sendRefundNotices(deps, system);
  return { campaigns: holding.length, claimed, refundedAtStripe: stripe.done, notified };
}
