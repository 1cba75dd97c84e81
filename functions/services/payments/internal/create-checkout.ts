import Stripe from 'stripe';
import { type CheckoutSource, checkoutSessions } from '../../../db/schema';
import { badRequest, DomainError } from '../../../domain/errors';
import { MAX_PAYMENT_CENTS, MIN_PAYMENT_CENTS } from '../../../domain/payments/limits';
import { FUNDING_TERMS_VERSION } from '../../../domain/payments/terms';
import { derivedId } from '../../../payments/ids';
import type { Deps } from '../../../platform/deps';
import type { PaymentMetadata } from '../lib/credit-payment';

export interface CheckoutRequest {
  campaignId: string;
  payer: { userId: string; email?: string | null } | { guestEmail: string };
  amountCents: number;
  currency?: string;
  /** The line the payer sees on Stripe's page, e.g. 'Donation to “Film title”'. */
  description: string;
  /** Made once per payment form shown: a resubmitted form (double click, retry) gets the same session. */
  attemptId: string;
  /** The page it was started from; absent for checkouts made elsewhere (tests, tools). */
  source?: CheckoutSource;
  /** When the session stops taking the payment (Unix seconds); Stripe's default (24 h) when absent. */
  expiresAt?: number;
  /** Where Stripe sends the payer after paying; may contain {CHECKOUT_SESSION_ID}. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutCreated {
  id: string;
  url: string;
  reference: string;
}

/**
 * Creates a Stripe Checkout Session for one payment to a campaign and records it. The idempotency
 * key covers campaign, payer, amount and form attempt, so a repeated request gets the same session
 * from Stripe and the same row here. Campaign rules (live, not voting) are the caller's to check.
 */
export async function createCheckout(
  deps: Pick<Deps, 'db' | 'stripe'>,
  req: CheckoutRequest,
): Promise<CheckoutCreated> {
  const { amountCents } = req;
  if (!Number.isSafeInteger(amountCents) || amountCents < MIN_PAYMENT_CENTS || amountCents > MAX_PAYMENT_CENTS) {
    throw badRequest(`The amount must be between $${MIN_PAYMENT_CENTS / 100} and $${MAX_PAYMENT_CENTS / 100}`);
  }
  const currency = (req.currency ?? 'usd').toLowerCase();
  const payerKey = 'userId' in req.payer ? `user:${req.payer.userId}` : `guest:${req.payer.guestEmail.toLowerCase()}`;
  // A capped expiry is part of the request: Stripe refuses one key with different parameters.
  const expiry = req.expiresAt !== undefined ? `:exp${req.expiresAt}` : '';
  const idempotencyKey = `checkout:v1:${req.campaignId}:${payerKey}:${currency}:${amountCents}:${req.attemptId}${expiry}`;
  const reference = await derivedId('co', idempotencyKey);
  const metadata: Record<keyof PaymentMetadata, string | undefined> = {
    campaignId: req.campaignId,
    payerId: 'userId' in req.payer ? req.payer.userId : undefined,
    guestEmail: 'guestEmail' in req.payer ? req.payer.guestEmail : undefined,
    amountCents: String(amountCents),
    checkoutRef: reference,
  };
  const email = 'guestEmail' in req.payer ? req.payer.guestEmail : (req.payer.email ?? undefined);

  let session: Stripe.Checkout.Session;
  try {
    session = await deps.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        submit_type: 'donate',
        line_items: [
          { price_data: { currency, unit_amount: amountCents, product_data: { name: req.description } }, quantity: 1 },
        ],
        success_url: req.successUrl,
        cancel_url: req.cancelUrl,
        ...(email ? { customer_email: email } : {}),
        client_reference_id: reference,
        ...(req.expiresAt !== undefined ? { expires_at: req.expiresAt } : {}),
        metadata: clean(metadata),
        payment_intent_data: { metadata: clean(metadata) },
      },
      { idempotencyKey },
    );
  } catch (err) {
    if (err instanceof Stripe.errors.StripeError) {
      console.error('stripe: creating a checkout session failed:', err.type, err.code, err.message);
      throw new DomainError('unavailable', 'Payments are unavailable right now. Please try again in a moment.');
    }
    throw err;
  }
  if (!session.url)
    throw new DomainError('unavailable', 'Payments are unavailable right now. Please try again in a moment.');

  await deps.db
    .insert(checkoutSessions)
    .values({
      id: session.id,
      reference,
      campaignId: req.campaignId,
      payerId: 'userId' in req.payer ? req.payer.userId : null,
      guestEmail: 'guestEmail' in req.payer ? req.payer.guestEmail : null,
      amountCents,
      currency,
      url: session.url,
      expiresAt: new Date(session.expires_at * 1000),
      source: req.source ?? null,
      termsVersion: FUNDING_TERMS_VERSION,
    })
    .onConflictDoNothing({ target: checkoutSessions.id });
  return { id: session.id, url: session.url, reference };
}

const clean = (m: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(m).filter((e): e is [string, string] => e[1] !== undefined));
