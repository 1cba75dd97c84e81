import type { RouteExpectation } from '../types';
import { everyone } from '../types';

/**
 * Webhooks: Stripe is the only caller; a session means nothing, the signature everything — without
 * one, everyone gets 400 (tests/workers/payments.test.ts covers the signed cases).
 * TEST-mode hosted pages (local only, 404 in production): like Stripe's own Checkout and onboarding
 * URLs, whoever holds the session or link id may open and use it, signed in or not (guests donate);
 * an unknown id is 404 for everyone.
 */
const expectations: RouteExpectation[] = [
  { route: 'POST /api/webhooks/stripe', expect: everyone(400) },
  { route: 'POST /api/webhooks/stripe-connect', expect: everyone(400) },
  { route: 'GET /api/payments/test-checkout/:sessionId', expect: everyone(404) },
  { route: 'POST /api/payments/test-checkout/:sessionId/pay', expect: everyone(404) },
  { route: 'POST /api/payments/test-checkout/:sessionId/cancel', expect: everyone(404) },
  { route: 'POST /api/payments/test-checkout/:sessionId/dispute', expect: everyone(404) },
  { route: 'POST /api/payments/test-checkout/:sessionId/dispute/:outcome', expect: everyone(404) },
  { route: 'GET /api/payments/test-onboarding/:linkId', expect: everyone(404) },
  { route: 'POST /api/payments/test-onboarding/:linkId/complete', expect: everyone(404) },
];
export default expectations;
