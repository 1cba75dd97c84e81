import Stripe from 'stripe';
import { LOCAL_WEBHOOK_SECRETS } from '../../functions/payments/stripe';
import * as obj from '../../functions/payments/test-mode/objects';
import { ORIGIN } from './http';

/** Stripe-shaped webhook fixtures for the workerd and libSQL projects. */
export const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 12);

/** Signs a payload as Stripe does (`t=…,v1=…`), with the local secret unless told otherwise. */
export async function signature(payload: string, opts: { secret?: string; timestamp?: number } = {}) {
  return Stripe.webhooks.generateTestHeaderStringAsync({
    payload,
    secret: opts.secret ?? LOCAL_WEBHOOK_SECRETS.platform,
    timestamp: opts.timestamp,
    cryptoProvider: Stripe.createSubtleCryptoProvider(),
  });
}

export interface TestPayment {
  pi: string;
  sessionId: string;
  campaignId: string;
  amountCents: number;
  checkoutRef: string;
}

export function testPayment(amountCents = 2500, campaignId = `camp_${uid()}`): TestPayment {
  return { pi: `pi_${uid()}`, sessionId: `cs_test_${uid()}`, campaignId, amountCents, checkoutRef: `co_${uid()}` };
}

/** The metadata our checkout puts on a payment: the campaign, amount and reference, and who paid. */
export const metadataOf = (p: TestPayment, payerId?: string) => ({
  campaignId: p.campaignId,
  amountCents: String(p.amountCents),
  checkoutRef: p.checkoutRef,
  ...(payerId ? { payerId } : { guestEmail: 'guest@example.test' }),
});

/** checkout.session.completed for a paid card session, shaped by the same builders TEST mode uses. */
export function sessionCompleted(p: TestPayment, payerId?: string) {
  const session = obj.checkoutSession({
    id: p.sessionId,
    created: obj.nowSeconds(),
    expiresAt: obj.nowSeconds() + 3600,
    amountTotal: p.amountCents,
    currency: 'usd',
    customerEmail: 'guest@example.test',
    clientReferenceId: p.checkoutRef,
    metadata: metadataOf(p, payerId),
    successUrl: `${ORIGIN}/donation-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${ORIGIN}/`,
    url: `${ORIGIN}/x`,
  });
  const paid = { ...session, status: 'complete' as const, payment_status: 'paid' as const, payment_intent: p.pi };
  return obj.event('checkout.session.completed', `evt_${uid()}`, paid);
}

export function intentSucceeded(p: TestPayment, payerId?: string) {
  const intent = obj.succeededPaymentIntent({
    id: p.pi,
    created: obj.nowSeconds(),
    amount: p.amountCents,
    currency: 'usd',
    metadata: metadataOf(p, payerId),
    chargeId: `ch_${uid()}`,
    receiptEmail: null,
  });
  return obj.event('payment_intent.succeeded', `evt_${uid()}`, intent);
}
