import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { campaigns, checkoutSessions, ledgerGroups, type StripeEventSource } from '../../db/schema';
import type { Doorbell } from '../../realtime/doorbell';
import { onAccountUpdated, onBankPayout, onTransferChanged } from '../payouts/events';
import { REFUND_HANDLERS } from '../refunds/stripe-events';
import { creditAndRefund, creditPayment, creditToCampaign, type PaymentFacts, paymentMetadata } from './credit-payment';

type Statement = BatchItem<'sqlite'>;
type EventOf<T extends Stripe.Event['type']> = Extract<Stripe.Event, { type: T }>;
/** What a handler may use: the database and the Stripe client (for a refund it must make). */
export interface HandlerDeps {
  db: Db;
  /** Made only when a handler calls Stripe (most events need only the database). */
  stripe: () => Stripe;
  /** Rings members about what a handler's after-commit work wrote (payout notices). */
  bell?: Doorbell;
  /** Work to run once the event's batch has committed (paying payouts when an account becomes ready). */
  afterCommit?: (effect: () => Promise<unknown>) => void;
}
export type EventHandler<T extends Stripe.Event['type']> = (
  deps: HandlerDeps,
  event: EventOf<T>,
) => Promise<Statement[]>;
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
  if (!parsed.success || !paymentIntentId || !amountCents || !currency) {
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
 * about it changes nothing). Otherwise a live campaign that is not voting takes it; a campaign that
 * is not live, or is voting, gets it refunded in full through Stripe (idempotency key
 * `refund:<pi>`, so a repeated event asks once) and the ledger records credit and reversal together.
 * A payment for a campaign we do not have (metadata of an unknown campaign) is credited to that
 * escrow without a projection, for an admin to resolve: refunding it would need a payment we made.
 */
async function settle({ db, stripe }: HandlerDeps, f: PaymentFacts): Promise<Statement[]> {
  const campaign = await db
    .select({
      status: campaigns.status,
      extensionPending: campaigns.extensionPending,
      credited: sql<number>`exists (select 1 from ${ledgerGroups} where ${ledgerGroups.idempotencyKey} = ${`payment:${f.paymentIntentId}`})`,
    })
    .from(campaigns)
    .where(eq(campaigns.id, f.metadata.campaignId))
    .get();
  if (!campaign) {
    console.warn(`stripe: payment ${f.paymentIntentId} names unknown campaign ${f.metadata.campaignId}`);
    return creditPayment(db, f);
  }
  if (campaign.credited) return creditToCampaign(db, f);
  if (campaign.status === 'live' && !campaign.extensionPending) return creditToCampaign(db, f);
  await stripe().refunds.create(
    {
      payment_intent: f.paymentIntentId,
      reason: 'requested_by_customer',
      metadata: { campaignId: f.metadata.campaignId },
    },
    { idempotencyKey: `refund:${f.paymentIntentId}` },
  );
  return creditAndRefund(db, f);
}

const intentId = (pi: string | Stripe.PaymentIntent | null) => (typeof pi === 'string' ? pi : (pi?.id ?? null));

/** A session whose payment went through credits it (card payments are paid on completion). */
const onSessionPaid = async (deps: HandlerDeps, session: Stripe.Checkout.Session): Promise<Statement[]> => {
  if (session.mode !== 'payment' || session.payment_status !== 'paid') return [];
  const f = facts(
    'checkout session',
    session.id,
    intentId(session.payment_intent),
    session.amount_total,
    session.currency,
    session.metadata,
  );
  return f ? settle(deps, f) : [];
};

/**
 * What each event does. The payment is derived from the object's own state, never from which
 * event came first: checkout.session.completed and payment_intent.succeeded both credit the same
 * payment intent, and the ledger keeps one of them.
 */
export const PLATFORM_HANDLERS: HandlerMap = {
  ...REFUND_HANDLERS,
  'checkout.session.completed': (deps, event) => onSessionPaid(deps, event.data.object),
  'checkout.session.async_payment_succeeded': (deps, event) => onSessionPaid(deps, event.data.object),
  'payment_intent.succeeded': async (deps, event) => {
    const pi = event.data.object;
    if (pi.status !== 'succeeded') return [];
    const f = facts('payment intent', pi.id, pi.id, pi.amount_received, pi.currency, pi.metadata);
    return f ? settle(deps, f) : [];
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
  'account.updated': (deps, event) => onAccountUpdated(deps, event.data.object),
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
