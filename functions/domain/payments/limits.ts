/** $1 minimum per payment; the maximum keeps one card payment within a campaign's largest goal. */
export const MIN_PAYMENT_CENTS = 100;
export const MAX_PAYMENT_CENTS = 1_000_000;
