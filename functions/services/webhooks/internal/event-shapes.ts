import { z } from 'zod';
import type { StripeEventSource } from '../../../db/schema';

/**
 * The fields of each handled event's object that its handler reads, with their types. Stripe's
 * objects always fit; a signed object that does not (a malformed or foreign payload) is recorded
 * without effect instead of failing half-way through a handler. Amounts are checked by the handlers.
 */
const id = z.string().min(1).max(255);
const text = z.string().max(1000);
const cents = z.number().int();
const metadata = z.record(z.string(), z.unknown()).nullish();
const ref = z.union([id, z.looseObject({ id })]).nullish();

const session = z.object({
  id,
  mode: text.nullish(),
  payment_status: text.nullish(),
  payment_intent: ref,
  amount_total: cents.nullish(),
  currency: text.nullish(),
  metadata,
});
const refund = z.object({ id, status: text.nullish(), payment_intent: ref, amount: cents });
const transfer = z.object({
  id,
  metadata,
  reversals: z.object({ data: z.array(z.object({ id, amount: cents })) }),
});
const dispute = z.object({
  id,
  amount: cents,
  currency: text,
  status: text,
  reason: text.nullish(),
  payment_intent: ref,
  balance_transactions: z.array(z.looseObject({ fee: cents.nullish() })).nullish(),
});
const bankPayout = z.object({
  id,
  amount: cents,
  currency: text,
  status: text,
  arrival_date: z.number().int().nullish(),
  failure_message: text.nullish(),
});

const SHAPES: Record<StripeEventSource, Record<string, z.ZodType>> = {
  platform: {
    'checkout.session.completed': session,
    'checkout.session.async_payment_succeeded': session,
    'checkout.session.expired': z.object({ id }),
    'payment_intent.succeeded': z.object({
      id,
      status: text,
      amount_received: cents.nullish(),
      currency: text.nullish(),
      metadata,
    }),
    'charge.refunded': z.object({
      id,
      payment_intent: ref,
      amount_refunded: cents,
      refunded: z.boolean().nullish(),
    }),
    'refund.created': refund,
    'refund.updated': refund,
    'charge.dispute.created': dispute,
    'charge.dispute.updated': dispute,
    'charge.dispute.closed': dispute,
    'transfer.reversed': transfer,
    'transfer.updated': transfer,
  },
  connect: {
    'account.updated': z.object({
      id,
      details_submitted: z.boolean().nullish(),
      charges_enabled: z.boolean().nullish(),
      payouts_enabled: z.boolean().nullish(),
      capabilities: z.record(z.string(), z.unknown()).nullish(),
      requirements: z.looseObject({ currently_due: z.array(z.string()).nullish() }).nullish(),
    }),
    'payout.created': bankPayout,
    'payout.updated': bankPayout,
    'payout.paid': bankPayout,
    'payout.failed': bankPayout,
    'payout.canceled': bankPayout,
  },
};

/** The event types with a shape, per endpoint (every handled type has one). */
export const shapedTypes = (source: StripeEventSource) => Object.keys(SHAPES[source]);

/** Whether a handled event's object has the shape its handler reads (unhandled types always do). */
export function fitsHandler(source: StripeEventSource, type: string, object: unknown): boolean {
  const shape = SHAPES[source][type];
  return !shape || shape.safeParse(object).success;
}
