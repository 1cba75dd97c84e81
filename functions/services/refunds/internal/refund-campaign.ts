import { eq, sql } from 'drizzle-orm';
import type { Actor } from '../../../auth/authorize';
import { campaigns } from '../../../db/schema';
import { UnitOfWork } from '../../../db/unit-of-work';
import { formatCents } from '../../../domain/campaigns/format';
import type { Deps } from '../../../platform/deps';
import { claimOf, escrowedPayments, type LedgerPayment } from '../../ledger';
import { finishStripeRefunds } from './complete';
import { sendRefundNotices } from './notices';
import { escrowRefundStatements } from './refund-batch';

export interface RefundRun {
  /** Payments this run took out of escrow for their payers. */
  claimed: number;
  /** Payments released to the team by a concurrent vote: not refunded. */
  released: string[];
  /** Refunds made at Stripe by this run (including ones an earlier run claimed). */
  refundedAtStripe: number;
  notified: number;
}

/**
 * Claims one payment for its payer (the escrow batch). A claim conflict means another run refunded
 * it or the vote released it first: the payment is left as it is, and a release is reported.
 */
async function claimForPayer(
  deps: Deps,
  actor: Actor,
  p: LedgerPayment,
): Promise<'claimed' | 'refunded' | 'released' | 'failed'> {
  try {
    const uow = new UnitOfWork(deps, actor)
      .add(...escrowRefundStatements(deps.db, p, { reason: 'campaign_cancelled' }))
      .audit({
        verb: 'refundCancelledCampaign',
        resourceType: 'payment',
        resourceId: p.paymentIntentId,
        summary: `Refunded ${formatCents(p.amountCents)} to its payer: campaign ${p.campaignId} was cancelled`,
        // Once, by the batch that claimed it (a concurrent run's claim writes nothing).
        when: sql`exists (select 1 from escrow_claims x where x.payment_intent_id = ${p.paymentIntentId} and x.claim = 'refund')
          and not exists (select 1 from audit_log a where a.resource_type = 'payment' and a.resource_id = ${p.paymentIntentId} and a.verb = 'refundCancelledCampaign')`,
      });
    const [group] = (await uow.commit()) as [unknown[]];
    // Not written: a concurrent run posted this refund first (its batch holds the claim).
    return group.length === 1 ? 'claimed' : 'refunded';
  } catch (err) {
    const claim = await claimOf(deps.db, p.paymentIntentId);
    if (claim === 'release') {
      console.warn(
        `refunds: payment ${p.paymentIntentId} of cancelled campaign ${p.campaignId} was released to the team before it could be refunded; not refunded`,
      );
      return 'released';
    }
    if (claim === 'refund') return 'refunded';
    // Anything else (the database unavailable): left in escrow for the hourly job to retry.
    console.error(`refunds: claiming payment ${p.paymentIntentId} for its payer failed, will retry:`, err);
    return 'failed';
  }
}

/**
 * A cancelled campaign refunds every payment still in escrow, in full, to its payer. Each payment
 * is first claimed in one batch (ledger group `refund:<pi>`, escrow claim, current_amount, refund
 * row) and only then refunded at Stripe, so a payment the vote released concurrently is never also
 * refunded. Safe to repeat and to run concurrently; the hourly job finishes an interrupted run.
 */
export async function refundCancelledCampaign(deps: Deps, actor: Actor, campaignId: string): Promise<RefundRun> {
  const campaign = await deps.db
    .select({ status: campaigns.status })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .get();
  const run: RefundRun = { claimed: 0, released: [], refundedAtStripe: 0, notified: 0 };
  if (campaign?.status !== 'cancelled') return run;
  for (const p of await escrowedPayments(deps.db, campaignId)) {
    const outcome = await claimForPayer(deps, actor, p);
    if (outcome === 'claimed') run.claimed++;
    if (outcome === 'released') run.released.push(p.paymentIntentId);
  }
  run.refundedAtStripe = (await finishStripeRefunds(deps, campaignId)).done;
  run.notified = await sendRefundNotices(deps, actor, campaignId);
  return run;
}
