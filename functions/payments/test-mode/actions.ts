import type Stripe from 'stripe';
import { derivedId } from '../ids';
import { customerDetails, event, nowSeconds, onboarded, succeededPaymentIntent } from './objects';
import type { TestRecords, TestStore } from './store';

/** Which of our two webhook endpoints an event goes to. */
export type EventTarget = 'platform' | 'connect';

/** Hands events to the webhook delivery (signed HTTP POSTs to our own endpoints, after the response). */
export type Emit = (events: Stripe.Event[], target: EventTarget) => void;

/** TEST mode's fake Stripe as the service factory builds it (deps.payments.testStripe). */
export interface TestStripe {
  store: TestStore;
  /** The site's origin (PUBLIC_URL): hosted TEST pages live under it. */
  publicUrl: string;
  emit: Emit;
}

type SessionRecord = TestRecords['checkout_session'];

const eventId = (type: string, objectId: string) => derivedId('evt', `${type}:${objectId}`);

/** Checkout Sessions expire at expires_at; Stripe then sends checkout.session.expired. Applied on access. */
export async function expireIfDue(deps: TestStripe, record: SessionRecord, force = false): Promise<SessionRecord> {
  const { session } = record;
  if (session.status !== 'open' || (!force && session.expires_at > nowSeconds())) return record;
  const expired: SessionRecord = { ...record, session: { ...session, status: 'expired', url: null } };
  await deps.store.put('checkout_session', session.id, expired);
  deps.emit(
    [event('checkout.session.expired', await eventId('checkout.session.expired', session.id), expired.session)],
    'platform',
  );
  return expired;
}

export const successRedirect = (session: Stripe.Checkout.Session) =>
  (session.success_url ?? '/').replaceAll('{CHECKOUT_SESSION_ID}', session.id);

export type PayOutcome =
  | { kind: 'missing' }
  | { kind: 'expired'; session: Stripe.Checkout.Session }
  | { kind: 'paid' | 'already-paid'; session: Stripe.Checkout.Session; redirect: string };

/**
 * The payer pressed Pay on the TEST checkout page: the session completes with a succeeded card
 * payment, and Stripe's two announcements of it (payment_intent.succeeded and
 * checkout.session.completed) go to the platform webhook. Paying twice changes nothing: the
 * payment intent's id follows from the session's, and the events' ids from their objects'.
 */
export async function payCheckoutSession(deps: TestStripe, sessionId: string): Promise<PayOutcome> {
  const found = await deps.store.get('checkout_session', sessionId);
  if (!found) return { kind: 'missing' };
  const record = await expireIfDue(deps, found);
  const { session } = record;
  if (session.status === 'expired') return { kind: 'expired', session };
  if (session.status === 'complete') return { kind: 'already-paid', session, redirect: successRedirect(session) };

  const intentId = await derivedId('pi', `pi:${session.id}`);
  const intent = succeededPaymentIntent({
    id: intentId,
    created: nowSeconds(),
    amount: session.amount_total ?? 0,
    currency: session.currency ?? 'usd',
    metadata: record.intentMetadata,
    chargeId: await derivedId('ch', `ch:${session.id}`),
    receiptEmail: session.customer_email,
  });
  if (record.intentDescription) intent.description = record.intentDescription;
  const completed: Stripe.Checkout.Session = {
    ...session,
    status: 'complete',
    payment_status: 'paid',
    payment_intent: intentId,
    customer_details: customerDetails(session.customer_email ?? 'test-payer@example.test'),
    url: null,
  };
  await deps.store.put('payment_intent', intentId, { intent, amountRefunded: 0, refunds: [] });
  await deps.store.put('checkout_session', session.id, { ...record, session: completed });
  deps.emit(
    [
      event('payment_intent.succeeded', await eventId('payment_intent.succeeded', intentId), intent),
      event('checkout.session.completed', await eventId('checkout.session.completed', session.id), completed),
    ],
    'platform',
  );
  return { kind: 'paid', session: completed, redirect: successRedirect(completed) };
}

export type OnboardingOutcome =
  | { kind: 'missing' }
  | { kind: 'expired'; redirect: string }
  | { kind: 'done'; account: Stripe.Account; redirect: string };

/** The account owner finished the TEST onboarding page: transfers become possible; Connect hears account.updated. */
export async function completeOnboarding(deps: TestStripe, linkId: string): Promise<OnboardingOutcome> {
  const link = await deps.store.get('account_link', linkId);
  if (!link) return { kind: 'missing' };
  if (link.expiresAt <= nowSeconds()) return { kind: 'expired', redirect: link.refreshUrl };
  const account = await deps.store.get('account', link.account);
  if (!account) return { kind: 'missing' };
  if (account.details_submitted && account.payouts_enabled) {
    return { kind: 'done', account, redirect: link.returnUrl };
  }
  const updated = onboarded(account);
  await deps.store.put('account', account.id, updated);
  const previous = {
    charges_enabled: account.charges_enabled,
    details_submitted: account.details_submitted,
    payouts_enabled: account.payouts_enabled,
    capabilities: account.capabilities,
  };
  deps.emit(
    [
      event('account.updated', await eventId('account.updated:onboarded', account.id), updated, {
        account: account.id,
        previous,
      }),
    ],
    'connect',
  );
  return { kind: 'done', account: updated, redirect: link.returnUrl };
}
