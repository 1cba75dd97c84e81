import { and, eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type Stripe from 'stripe';
import type { Db } from '../../db/client';
import { checkoutSessions, type StripeEventSource } from '../../db/schema';
import { creditPayment, type PaymentFacts, paymentMetadata } from './credit-payment';

type Statement = BatchItem<'sqlite'>;
type EventOf<T extends Stripe.Event['type']> = Extract<Stripe.Event, { type: T }>;
export type EventHandler<T extends Stripe.Event['type']> = (db: Db, event: EventOf<T>) => Promise<Statement[]>;
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

const intentId = (pi: string | Stripe.PaymentIntent | null) => (typeof pi === 'string' ? pi : (pi?.id ?? null));

/** A session whose payment went through credits it (card payments are paid on completion). */
const onSessionPaid = async (db: Db, session: Stripe.Checkout.Session): Promise<Statement[]> => {
  if (session.mode !== 'payment' || session.payment_status !== 'paid') return [];
  const f = facts(
    'checkout session',
    session.id,
    intentId(session.payment_intent),
    session.amount_total,
    session.currency,
    session.metadata,
  );
  return f ? creditPayment(db, f) : [];
};

/**
 * What each event does. The payment is derived from the object's own state, never from which
 * event came first: checkout.session.completed and payment_intent.succeeded both credit the same
 * payment intent, and the ledger keeps one of them.
 */
export const PLATFORM_HANDLERS: HandlerMap = {
  'checkout.session.completed': (db, event) => onSessionPaid(db, event.data.object),
  'checkout.session.async_payment_succeeded': (db, event) => onSessionPaid(db, event.data.object),
  'payment_intent.succeeded': async (db, event) => {
    const pi = event.data.object;
    if (pi.status !== 'succeeded') return [];
    const f = facts('payment intent', pi.id, pi.id, pi.amount_received, pi.currency, pi.metadata);
    return f ? creditPayment(db, f) : [];
  },
  'checkout.session.expired': async (db, event) => [
    db
      .update(checkoutSessions)
      .set({ status: 'expired', updatedAt: new Date() })
      .where(and(eq(checkoutSessions.id, event.data.object.id), eq(checkoutSessions.status, 'open'))),
  ],
};

/** Connected accounts' events (account.updated, payouts) get handlers with the payouts work. */
export const CONNECT_HANDLERS: HandlerMap = {};

export const HANDLERS: Record<StripeEventSource, HandlerMap> = {
  platform: PLATFORM_HANDLERS,
  connect: CONNECT_HANDLERS,
};
