import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type Stripe from 'stripe';
import { campaigns, checkoutSessions, ledgerGroups, type StripeEventSource } from '../../../db/schema';
import { toldKey } from '../../../domain/backing/told';
import { hasEnded } from '../../../domain/campaigns/end-date';
import type { Deps } from '../../../platform/deps';
import { ringCampaign } from '../../../realtime/campaign-bell';
import { recordAgreementIfApproved, teamApproved } from '../../agreements';
import { campaignTeam } from '../../campaigns';
import { DISPUTE_HANDLERS } from '../../disputes';
import {
  type CrossingNotices,
  crossingNotices,
  milestoneCrossing,
  milestoneReached,
  ringCrossing,
} from '../../milestones';
import { type BackersNotice, backersNoticeStatements, payerKeyOf, ringBackersNotices } from '../../notifications';
import type { EventChange, EventHandler } from '../../payments';
import {
  type CreditState,
  creditAndRefund,
  creditAndRefundOrphan,
  creditPayment,
  creditToCampaign,
  guardedRaisedProjection,
  owePaymentReceipt,
  type PaymentFacts,
  paymentMetadata,
} from '../../payments';
import { onAccountUpdated, onBankPayout, onTransferChanged } from '../../payouts';
import { REFUND_HANDLERS } from '../../refunds';

type Statement = BatchItem<'sqlite'>;
type HandlerMap = { [T in Stripe.Event['type']]?: EventHandler<T> };

/**
 * Reads the payment our checkout made from an object's metadata. A payment not made through our
 * checkout (no or foreign metadata) is not ours to credit: it is recorded and left alone.
 */
function facts(
  kind: string,
  id: string,
  paymentIntentId: string | null,
  amountCents: number | null,
  currency: string | null,
  metadata: Stripe.Metadata | null,
): PaymentFacts | null {
  const parsed = paymentMetadata.safeParse(metadata ?? {});
  // A collected amount that is not a positive whole number of cents is malformed: recorded, never credited.
  const validAmount = Number.isSafeInteger(amountCents) && (amountCents as number) > 0;
  if (!parsed.success || !paymentIntentId || !validAmount || !amountCents || !currency) {
    console.warn(`stripe: ${kind} ${id} is not a Reelfund checkout payment; recorded without effect`);
    return null;
  }
  if (parsed.data.amountCents !== amountCents) {
    console.warn(
      `stripe: ${kind} ${id} collected ${amountCents}, metadata says ${parsed.data.amountCents}; crediting ${amountCents}`,
    );
  }
  return { paymentIntentId, amountCents, currency, metadata: parsed.data };
}

/**
 * The campaign rules at credit time. A payment already credited stays as it is (a second event
 * about it changes nothing). Otherwise:
 * - live, not voting and its team agreed on its split → credit under the agreed version in force;
 *   the same batch reaches the milestone when raised meets the goal and tells the team (open
 *   checkouts expire after the commit);
 * - live with a proposal waiting for a member (Waiting for Team Approval) → refund;
 * - live and voting → credit only money in flight when the goal was hit (its Checkout Session was
 *   created before the current milestone's reached_at), else refund;
 * - past the campaign's end (docs/end-dates.md), whatever its status → refund;
 * - not live → refund; a campaign we do not have (metadata naming no campaign of ours) → refund,
 *   recorded as credit and refund without a projection.
 * A refund goes through Stripe (idempotency key `refund:<pi>`, so a repeated event asks once) and
 * the ledger records credit and reversal together. A credit's batch holds only while the campaign
 * is as read here (guardedRaisedProjection): otherwise it rolls back and settle runs again.
 */
async function settle(deps: Deps, f: PaymentFacts, afterCommit: EventChange): Promise<Statement[]> {
  const { db } = deps;
  const campaignId = f.metadata.campaignId;
  const campaign = await db
    .select({
      status: campaigns.status,
      title: campaigns.title,
      goalAmount: campaigns.goalAmount,
      endDate: campaigns.endDate,
      extensionPending: campaigns.extensionPending,
      milestoneCount: campaigns.milestoneCount,
      credited: sql<number>`exists (select 1 from ${ledgerGroups} where ${ledgerGroups.idempotencyKey} = ${`payment:${f.paymentIntentId}`})`,
      teamApproved: sql<number>`${teamApproved(sql`"campaigns"."id"`)}`,
      // Raw names: drizzle leaves columns unqualified in a one-table select, which a subquery would misread.
      reachedAt: sql<
        number | null
      >`(select m.reached_at from campaign_milestones m where m.campaign_id = "campaigns"."id" and m.milestone_number = "campaigns"."milestone_count")`,
      sessionCreatedAt: sql<
        number | null
      >`(select s.created_at from checkout_sessions s where s.reference = ${f.metadata.checkoutRef} and s.campaign_id = "campaigns"."id")`,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .get();
  if (!campaign) {
    console.warn(`stripe: payment ${f.paymentIntentId} names unknown campaign ${campaignId}; refunding it`);
    await refundThroughStripe(deps, f);
    return creditAndRefundOrphan(db, f);
  }
  // Whatever follows (credit or refund), the campaign's open film pages read their figures again.
  afterCommit.afterCommit(() => ringCampaign(deps.campaignBell, campaignId));
  if (campaign.credited) return creditToCampaign(db, f);
  // The payer's confirmation mail: owed only if the batch leaves the payment credited and not refunded.
  await owePaymentReceipt(
    db,
    { publicUrl: deps.config.PUBLIC_URL, secret: deps.config.AUTH_SECRET, now: deps.clock.now() },
    f,
    afterCommit,
  );
  if (hasEnded(campaign.endDate, deps.clock.now())) {
    await refundThroughStripe(deps, f);
    return creditAndRefund(db, f);
  }
  const read: CreditState = { extensionPending: campaign.extensionPending, milestoneCount: campaign.milestoneCount };
  if (campaign.status === 'live' && !campaign.extensionPending && campaign.teamApproved) {
    // The voters if this credit reaches the milestone: the batch holds only while the team is agreed.
    const team = await campaignTeam(db, campaignId);
    const backers = backersNotice(f, campaign.title, team);
    const crossing = { milestoneId: '', notices: [] as CrossingNotices['written'] };
    const credit = creditPayment(db, f, (posted) => {
      const m = milestoneCrossing(db, campaignId, posted);
      const notices = crossingNotices(db, campaignId, m.milestoneId, team, {
        title: campaign.title,
        goalCents: campaign.goalAmount,
        number: campaign.milestoneCount + 1,
      });
      crossing.milestoneId = m.milestoneId;
      crossing.notices = notices.written;
      return [
        guardedRaisedProjection(db, f, posted, read),
        ...m.statements,
        ...notices.statements,
        ...backersNoticeStatements(db, backers, posted),
      ];
    });
    afterCommit.afterCommit(() => ringCrossing(deps, crossing.milestoneId, crossing.notices));
    // Payments pause while the team votes: a reached milestone owes the expiry of open checkouts.
    afterCommit.owe('campaign-changed', { campaignId }, { when: milestoneReached(crossing.milestoneId) });
    // The cards show it voting: the campaign list's cache starts afresh (docs/campaigns.md, "Caching").
    afterCommit.owe('campaign-list-bump', {}, { when: milestoneReached(crossing.milestoneId) });
    // …and its backers hear of it (docs/backing.md, "Told"), once however often the event comes.
    const reached = { kind: 'milestone', number: campaign.milestoneCount + 1, goalCents: campaign.goalAmount } as const;
    afterCommit.owe(
      'tell-backers',
      { campaignId, event: reached },
      { key: toldKey(campaignId, reached), when: milestoneReached(crossing.milestoneId) },
    );
    afterCommit.afterCommit(() => ringBackersNotices(db, deps.bell, campaignId, backers.memberIds));
    // A split everyone approved is recorded first if no version holds it yet: the credit names one.
    return [...recordAgreementIfApproved(db, campaignId), ...credit];
  }
  const inFlight =
    campaign.sessionCreatedAt !== null &&
    campaign.reachedAt !== null &&
    Number(campaign.sessionCreatedAt) < Number(campaign.reachedAt);
  if (campaign.status === 'live' && campaign.extensionPending && inFlight) {
    const backers = backersNotice(f, campaign.title, await campaignTeam(db, campaignId));
    afterCommit.afterCommit(() => ringBackersNotices(db, deps.bell, campaignId, backers.memberIds));
    return creditPayment(db, f, (posted) => [
      guardedRaisedProjection(db, f, posted, read),
      ...backersNoticeStatements(db, backers, posted),
    ]);
  }
  if (campaign.status === 'live' && !campaign.extensionPending)
    console.warn(
      `stripe: payment ${f.paymentIntentId} reached campaign ${campaignId} while its team approves a new split; refunding it`,
    );
  await refundThroughStripe(deps, f);
  return creditAndRefund(db, f);
}

/** The team's notice of one credited payment (see functions/services/notifications/lib/backers.ts). */
const backersNotice = (f: PaymentFacts, campaignTitle: string, team: readonly { userId: string }[]): BackersNotice => ({
  campaignId: f.metadata.campaignId,
  campaignTitle,
  memberIds: team.map((m) => m.userId),
  payerKey: payerKeyOf(f.metadata),
  amountCents: f.amountCents,
});

async function refundThroughStripe({ stripe }: Pick<Deps, 'stripe'>, f: PaymentFacts) {
  await stripe.refunds.create(
    {
      payment_intent: f.paymentIntentId,
      reason: 'requested_by_customer',
      metadata: { campaignId: f.metadata.campaignId },
    },
    { idempotencyKey: `refund:${f.paymentIntentId}` },
  );
}

const intentId = (pi: string | Stripe.PaymentIntent | null) => (typeof pi === 'string' ? pi : (pi?.id ?? null));

/** A session whose payment went through credits it (card payments are paid on completion). */
const onSessionPaid = async (
  deps: Deps,
  session: Stripe.Checkout.Session,
  afterCommit: EventChange,
): Promise<Statement[]> => {
  if (session.mode !== 'payment' || session.payment_status !== 'paid') return [];
  const f = facts(
    'checkout session',
    session.id,
    intentId(session.payment_intent),
    session.amount_total,
    session.currency,
    session.metadata,
  );
  return f ? settle(deps, f, afterCommit) : [];
};

/**
 * What each event does. The payment is derived from the object's own state, never from which
 * event came first: checkout.session.completed and payment_intent.succeeded both credit the same
 * payment intent, and the ledger keeps one of them.
 */
export const PLATFORM_HANDLERS: HandlerMap = {
  ...REFUND_HANDLERS,
  ...DISPUTE_HANDLERS,
  'checkout.session.completed': (deps, event, after) => onSessionPaid(deps, event.data.object, after),
  'checkout.session.async_payment_succeeded': (deps, event, after) => onSessionPaid(deps, event.data.object, after),
  'payment_intent.succeeded': async (deps, event, after) => {
    const pi = event.data.object;
    if (pi.status !== 'succeeded') return [];
    const f = facts('payment intent', pi.id, pi.id, pi.amount_received, pi.currency, pi.metadata);
    return f ? settle(deps, f, after) : [];
  },
  'checkout.session.expired': async ({ db }, event) => [
    db
      .update(checkoutSessions)
      .set({ status: 'expired', updatedAt: new Date() })
      .where(and(eq(checkoutSessions.id, event.data.object.id), eq(checkoutSessions.status, 'open'))),
  ],
  'transfer.reversed': (deps, event) => onTransferChanged(deps, event.data.object),
  'transfer.updated': (deps, event) => onTransferChanged(deps, event.data.object),
};

/** Connected accounts' events: the account's state, and its own payouts to its bank. */
export const CONNECT_HANDLERS: HandlerMap = {
  'account.updated': (deps, event, after) => onAccountUpdated(deps, event.data.object, after),
  'payout.created': async (deps, event) => onBankPayout(deps, event.data.object, event.account),
  'payout.updated': async (deps, event) => onBankPayout(deps, event.data.object, event.account),
  'payout.paid': async (deps, event) => onBankPayout(deps, event.data.object, event.account),
  'payout.failed': async (deps, event) => onBankPayout(deps, event.data.object, event.account),
  'payout.canceled': async (deps, event) => onBankPayout(deps, event.data.object, event.account),
};

export const HANDLERS: Record<StripeEventSource, HandlerMap> = {
  platform: PLATFORM_HANDLERS,
  connect: CONNECT_HANDLERS,
};
