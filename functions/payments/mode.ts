/**
 * Whether payments run in TEST mode (local, no Stripe key) — the same rule as Config.paymentsTestMode,
 * for places that must not validate the whole environment (an Astro component during a build).
 */
export function paymentsTestModeOf(env: { ENVIRONMENT?: string; STRIPE_SECRET_KEY?: string }): boolean {
  return env.ENVIRONMENT === 'local' && !env.STRIPE_SECRET_KEY;
}

/** The label every page carries while payments run in TEST mode. */
export const TEST_MODE_LABEL = 'TEST MODE — payments are simulated; no real money moves';

/** The banner's markup: rendered by the page, or put in a prerendered page's slot by the worker. */
export const TEST_MODE_BANNER_HTML = `<div class="test-mode-banner" role="status" data-test-mode>${TEST_MODE_LABEL}</div>`;
