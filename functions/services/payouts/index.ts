/** Members' payouts through Stripe Connect: what other features call. */
export type { PayoutDeps } from './deps';
export { type PayoutFilter, type PayoutOutcome, processPayouts } from './process';
