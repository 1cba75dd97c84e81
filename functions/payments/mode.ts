/**
 * Whether payments run in TEST mode (local, no Stripe key) — the same rule as Config.paymentsTestMode,
 * for places that must not validate the whole environment (an Astro component during a build).
 */
export function paymentsTestModeOf(env: { ENVIRONMENT?: string; STRIPE_SECRET_KEY?: string }): boolean {
  return env.ENVIRONMENT === 'local' && !env.STRIPE_SECRET_KEY;
}
