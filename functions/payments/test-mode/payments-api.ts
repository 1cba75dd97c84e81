import { z } from 'zod';
import { derivedId } from '../ids';
import { expireIfDue, type TestStripe } from './actions';
import {
  type Call,
  currency,
  type Handler,
  int,
  metadata,
  missing,
  params,
  parse,
  type Route,
  StripeApiError,
} from './api';
import * as obj from './objects';
import { nowSeconds } from './objects';

/** TEST mode's Checkout Sessions, payment intents and refunds (card payments, test mode rules). */

const checkoutCreate = params({
  mode: z.literal('payment', 'TEST mode supports mode=payment only'),
  line_items: z
    .array(
      z.strictObject({
        price_data: z.strictObject({
          currency,
          unit_amount: int.positive(),
          product_data: z.strictObject({ name: z.string().min(1), description: z.string().optional() }),
        }),
        quantity: int.positive(),
      }),
    )
    .min(1),
  success_url: z.url(),
  cancel_url: z.url().optional(),
  customer_email: z.email().optional(),
  client_reference_id: z.string().max(200).optional(),
  metadata: metadata.optional(),
  payment_intent_data: z.strictObject({ metadata: metadata.optional(), description: z.string().optional() }).optional(),
  expires_at: int.optional(),
  submit_type: z.enum(['auto', 'book', 'donate', 'pay', 'subscribe']).optional(),
});

async function createCheckoutSession({ deps, body, seed }: Call) {
  const p = parse(checkoutCreate, body);
  const currencies = new Set(p.line_items.map((li) => li.price_data.currency));
  if (currencies.size > 1) throw new StripeApiError(400, 'All line items must use the same currency.');
  const amountTotal = p.line_items.reduce((s, li) => s + li.price_data.unit_amount * li.quantity, 0);
  if (amountTotal < 50) {
    throw new StripeApiError(400, 'The Checkout Session total must be at least 50 cents.', {
      code: 'amount_too_small',
    });
  }
  const created = nowSeconds();
  const expiresAt = p.expires_at ?? created + 24 * 3600;
  if (expiresAt < created + 30 * 60 - 60 || expiresAt > created + 24 * 3600) {
    throw new StripeApiError(400, 'expires_at must be between 30 minutes and 24 hours from now.', {
      param: 'expires_at',
    });
  }
  const id = await derivedId('cs_test', `cs:${seed}`);
  const session = obj.checkoutSession({
    id,
    created,
    expiresAt,
    amountTotal,
    currency: [...currencies][0] as string,
    customerEmail: p.customer_email ?? null,
    clientReferenceId: p.client_reference_id ?? null,
    metadata: p.metadata ?? {},
    successUrl: p.success_url,
    cancelUrl: p.cancel_url ?? null,
    url: `${deps.publicUrl}/api/payments/test-checkout/${id}`,
  });
  if (p.submit_type) session.submit_type = p.submit_type;
  await deps.store.put('checkout_session', id, {
    session,
    items: p.line_items.map((li) => ({
      name: li.price_data.product_data.name,
      unitAmount: li.price_data.unit_amount,
      quantity: li.quantity,
    })),
    intentMetadata: p.payment_intent_data?.metadata ?? {},
    intentDescription: p.payment_intent_data?.description ?? null,
  });
  return session;
}

async function sessionRecord(deps: TestStripe, id: string) {
  const record = await deps.store.get('checkout_session', id);
  if (!record) throw missing('checkout.session', id);
  return expireIfDue(deps, record);
}

const retrieveCheckoutSession: Handler = async ({ deps, match }) =>
  (await sessionRecord(deps, match[1] as string)).session;

async function expireCheckoutSession({ deps, match }: Call) {
  const record = await sessionRecord(deps, match[1] as string);
  if (record.session.status !== 'open') {
    throw new StripeApiError(
      400,
      `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${record.session.status}".`,
    );
  }
  return (await expireIfDue(deps, record, true)).session;
}

async function retrievePaymentIntent({ deps, match }: Call) {
  const record = await deps.store.get('payment_intent', match[1] as string);
  if (!record) throw missing('payment_intent', match[1] as string);
  return record.intent;
}

const refundCreate = params({
  payment_intent: z.string().optional(),
  charge: z.string().optional(),
  amount: int.positive().optional(),
  reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).optional(),
  metadata: metadata.optional(),
});

async function createRefund({ deps, body, seed }: Call) {
  const p = parse(refundCreate, body);
  if (!p.payment_intent) {
    throw new StripeApiError(400, 'TEST mode refunds a payment_intent (pass payment_intent).', {
      param: 'payment_intent',
    });
  }
  const record = await deps.store.get('payment_intent', p.payment_intent);
  if (!record) throw missing('payment_intent', p.payment_intent, 'payment_intent');
  const id = await derivedId('re', `re:${seed}`);
  const existing = await deps.store.get('refund', id);
  if (existing) return existing;
  const { intent } = record;
  const remaining = intent.amount_received - record.amountRefunded;
  if (remaining <= 0) {
    throw new StripeApiError(400, `Charge ${intent.latest_charge} has already been refunded.`, {
      code: 'charge_already_refunded',
    });
  }
  const amount = p.amount ?? remaining;
  if (amount > remaining) {
    throw new StripeApiError(
      400,
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
      { code: 'amount_too_large', param: 'amount' },
    );
  }
  const refund = obj.refund({
    id,
    created: nowSeconds(),
    amount,
    currency: intent.currency,
    paymentIntent: intent.id,
    chargeId: String(intent.latest_charge),
    reason: p.reason ?? null,
    metadata: p.metadata ?? {},
  });
  await deps.store.put('refund', id, refund);
  await deps.store.put('payment_intent', intent.id, {
    ...record,
    amountRefunded: record.amountRefunded + amount,
    refunds: [...record.refunds, id],
  });
  deps.emit([obj.event('refund.created', await derivedId('evt', `refund.created:${id}`), refund)], 'platform');
  return refund;
}

async function retrieveRefund({ deps, match }: Call) {
  const refund = await deps.store.get('refund', match[1] as string);
  if (!refund) throw missing('refund', match[1] as string);
  return refund;
}

export const PAYMENT_ROUTES: Route[] = [
  ['POST', /^\/v1\/checkout\/sessions$/, createCheckoutSession],
  ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, retrieveCheckoutSession],
  ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, expireCheckoutSession],
  ['GET', /^\/v1\/payment_intents\/([^/]+)$/, retrievePaymentIntent],
  ['POST', /^\/v1\/refunds$/, createRefund],
  ['GET', /^\/v1\/refunds\/([^/]+)$/, retrieveRefund],
];
