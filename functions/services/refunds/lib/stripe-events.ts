import type { BatchItem } from 'drizzle-orm/batch';
import Stripe from 'stripe';
import type { Deps } from '../../../platform/deps';
import { ringCampaign } from '../../../realtime/campaign-bell';
import { ledgerPayment } from '../../ledger';
import type { EventChange, EventHandler } from '../../payments';
import { paymentMetadata } from '../../payments';
import { escrowRefundStatements } from '../internal/refund-batch';

type Statement = BatchItem<'sqlite'>;

interface StripeRefundFacts {
  kind: string;
  objectId: string;
  paymentIntentId: string | null;
  /** Refunded so far (a charge's amount_refunded) or by this refund. */
  refundedCents: number;
  /** Stripe says the whole payment is refunded (a charge's `refunded`); null when it cannot say. */
  fullyRefunded: boolean | null;
  refundId: string | null;
}

const intentId = (pi: string | Stripe.PaymentIntent | null) => (typeof pi === 'string' ? pi : (pi?.id ?? null));

/**
 * A refund made at Stripe (an admin in the Dashboard, or one of ours announced back). A full refund
 * of a payment still in escrow records what ours would: the `refund:<pi>` group, the claim and the
 * projection — in this event's batch. Our own refunds are already recorded under the same key and
 * change nothing. A refund of a payment already released, or a partial refund, cannot be balanced
 * from escrow: it stays recorded as the event and is logged for an admin.
 */
async function refundedAtStripe(deps: Deps, f: StripeRefundFacts, after: EventChange): Promise<Statement[]> {
  if (!f.paymentIntentId) return [];
  const payment = await ledgerPayment(deps.db, f.paymentIntentId);
  if (!payment) {
    // Events come in any order: a refund of one of our payments may arrive before its credit.
    const intent = await deps.stripe.paymentIntents.retrieve(f.paymentIntentId).catch((err: unknown) => {
      // A payment intent Stripe does not have is not one of ours either.
      if (err instanceof Stripe.errors.StripeError && err.code === 'resource_missing') return null;
      throw err;
    });
    if (intent && paymentMetadata.safeParse(intent.metadata ?? {}).success) {
      throw new Error(`${f.kind} ${f.objectId}: payment ${f.paymentIntentId} is not credited yet; Stripe will retry`);
    }
    console.warn(`stripe: ${f.kind} ${f.objectId} refunds ${f.paymentIntentId}, not a Reelfund payment; recorded only`);
    return [];
  }
  if (payment.refunded || payment.claim === 'refund') return [];
  if (payment.claim === 'release') {
    console.warn(
      `stripe [admin]: ${f.kind} ${f.objectId} refunds ${f.refundedCents} of payment ${f.paymentIntentId} (campaign ${payment.campaignId}), already released to the team; recorded as the event only — reconcile by hand`,
    );
    return [];
  }
  const full = f.fullyRefunded ?? f.refundedCents >= payment.amountCents;
  if (!full) {
    console.warn(
      `stripe [admin]: ${f.kind} ${f.objectId} refunds ${f.refundedCents} of ${payment.amountCents} of payment ${f.paymentIntentId} (campaign ${payment.campaignId}): a partial refund; recorded as the event only`,
    );
    return [];
  }
  after.afterCommit(() => ringCampaign(deps.campaignBell, payment.campaignId));
  return escrowRefundStatements(deps.db, payment, {
    reason: 'refunded_at_stripe',
    stripeRefundId: f.refundId,
    refundedAt: new Date(),
  });
}

const onRefund = async (deps: Deps, refund: Stripe.Refund, after: EventChange): Promise<Statement[]> => {
  if (refund.status !== 'succeeded') {
    if (refund.status === 'failed' || refund.status === 'canceled') {
      console.error(
        `stripe [admin]: refund ${refund.id} of ${intentId(refund.payment_intent)} ${refund.status}: the payer has not got the money back`,
      );
    }
    return [];
  }
  return refundedAtStripe(
    deps,
    {
      kind: 'refund',
      objectId: refund.id,
      paymentIntentId: intentId(refund.payment_intent),
      refundedCents: refund.amount,
      fullyRefunded: null,
      refundId: refund.id,
    },
    after,
  );
};

type RefundEventType = 'charge.refunded' | 'refund.created' | 'refund.updated';

/** Platform events about refunds: merged into PLATFORM_HANDLERS. */
export const REFUND_HANDLERS: { [T in RefundEventType]: EventHandler<T> } = {
  'charge.refunded': (deps, event, after) => {
    const charge = event.data.object;
    return refundedAtStripe(
      deps,
      {
        kind: 'charge',
        objectId: charge.id,
        paymentIntentId: intentId(charge.payment_intent),
        refundedCents: charge.amount_refunded,
        fullyRefunded: charge.refunded,
        refundId: null,
      },
      after,
    );
  },
  'refund.created': (deps, event, after) => onRefund(deps, event.data.object, after),
  'refund.updated': (deps, event, after) => onRefund(deps, event.data.object, after),
};
