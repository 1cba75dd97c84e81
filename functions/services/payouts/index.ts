/** Members' payouts through Stripe Connect: what other features call. */
export type { PayoutServices } from './deps';
export { type PayoutFilter, type PayoutOutcome, processPayouts } from './process';
