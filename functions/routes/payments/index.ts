import { type Context, Hono } from 'hono';
import type { AttemptLimit } from '../../db/attempts';
import { backingLinkInput } from '../../domain/backing/input';
import { GUEST_LINK_TEXT } from '../../domain/backing/texts';
import { conflict, notFound } from '../../domain/errors';
import { ID } from '../../domain/ids';
import { clientAddress, reserveOr429 } from '../../http/limits';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { completeOnboarding, expireIfDue, payCheckoutSession } from '../../payments/test-mode/actions';
import { closeDispute, disputeOf, raiseDispute } from '../../payments/test-mode/disputes';
import { checkoutPage, onboardingPage } from '../../payments/test-mode/pages';
import { requestBackingLink } from '../../services/backing';

const HOUR = 60 * 60 * 1000;

/** Guest link requests: 10 an hour per address, 3 a day per email (docs/backing.md). */
const linkLimits = (ip: string | null, email: string): AttemptLimit[] => [
  ...(ip ? [{ key: `backing-link:${ip}`, max: 10, windowMs: HOUR }] : []),
  { key: `backing-link-email:${email.trim().toLowerCase()}`, max: 3, windowMs: 24 * HOUR },
];

/** The TEST responder's state and emitter; 404 unless payments run in TEST mode. */
function testMode(c: Context<AppEnv>) {
  const { config, payments } = c.get('deps');
  if (!config.paymentsTestMode || !payments.testStripe) throw notFound('No such endpoint');
  return payments.testStripe;
}

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

/**
 * The pages Stripe hosts, as TEST mode serves them (local only; 404 otherwise). Like Stripe's own
 * Checkout and onboarding URLs, they are opened by whoever holds the link: the session or link id
 * is the credential, and paying needs no sign-in (guests donate).
 */
export const paymentRoutes = new Hono<AppEnv>()
  // A guest asks for a new link to their payments: the same answer whether or not the address paid.
  .post('/backing-link', validate('json', backingLinkInput), async (c) => {
    const viewer = await currentViewer(c);
    const { email } = c.req.valid('json');
    await reserveOr429(c, linkLimits(clientAddress(c), email), GUEST_LINK_TEXT.tooMany);
    await requestBackingLink(c.get('deps'), viewer, { email });
    return c.json({ message: GUEST_LINK_TEXT.requested }, 202);
  })
  .get(`/test-checkout/:sessionId${ID.checkoutSession}`, async (c) => {
    const deps = testMode(c);
    const found = await deps.store.get('checkout_session', c.req.param('sessionId'));
    if (!found) throw notFound('No such checkout session');
    c.header('cache-control', 'no-store');
    const record = await expireIfDue(deps, found);
    return c.html(checkoutPage(record, await disputeOf(deps, record.session)));
  })
  .post(`/test-checkout/:sessionId${ID.checkoutSession}/pay`, async (c) => {
    const outcome = await payCheckoutSession(testMode(c), c.req.param('sessionId'));
    if (outcome.kind === 'missing') throw notFound('No such checkout session');
    // An expired session cannot be paid: back to the page, which says so.
    return seeOther(
      outcome.kind === 'expired' ? `/api/payments/test-checkout/${outcome.session.id}` : outcome.redirect,
    );
  })
  // A dispute of a paid session, as Stripe's test cards raise one, and its close (docs/money.md, "Disputes").
  .post(`/test-checkout/:sessionId${ID.checkoutSession}/dispute`, async (c) => {
    const outcome = await raiseDispute(testMode(c), c.req.param('sessionId'));
    if (outcome.kind === 'missing') throw notFound('No such checkout session');
    if (outcome.kind === 'not-paid') throw conflict('Only a paid checkout session can be disputed');
    return seeOther(`/api/payments/test-checkout/${outcome.sessionId}`);
  })
  .post(`/test-checkout/:sessionId${ID.checkoutSession}/dispute/:outcome{won|lost}`, async (c) => {
    const result = c.req.param('outcome') === 'won' ? 'won' : 'lost';
    const outcome = await closeDispute(testMode(c), c.req.param('sessionId'), result);
    if (outcome.kind === 'missing') throw notFound('No such checkout session');
    if (outcome.kind === 'not-paid') throw conflict('This checkout session has no dispute to close');
    return seeOther(`/api/payments/test-checkout/${outcome.sessionId}`);
  })
  .post(`/test-checkout/:sessionId${ID.checkoutSession}/cancel`, async (c) => {
    const record = await testMode(c).store.get('checkout_session', c.req.param('sessionId'));
    if (!record) throw notFound('No such checkout session');
    // As on Stripe, cancelling leaves the session open until it expires; the payer goes back.
    return seeOther(record.session.cancel_url ?? '/');
  })
  .get(`/test-onboarding/:linkId${ID.accountLink}`, async (c) => {
    const deps = testMode(c);
    const link = await deps.store.get('account_link', c.req.param('linkId'));
    const account = link && (await deps.store.get('account', link.account));
    if (!link || !account) throw notFound('No such account link');
    // An expired link sends the owner to refresh_url for a new one, as Stripe does.
    if (link.expiresAt <= Math.floor(Date.now() / 1000)) return seeOther(link.refreshUrl);
    c.header('cache-control', 'no-store');
    return c.html(onboardingPage(c.req.param('linkId'), account, link.returnUrl));
  })
  .post(`/test-onboarding/:linkId${ID.accountLink}/complete`, async (c) => {
    const outcome = await completeOnboarding(testMode(c), c.req.param('linkId'));
    if (outcome.kind === 'missing') throw notFound('No such account link');
    return seeOther(outcome.redirect);
  });
