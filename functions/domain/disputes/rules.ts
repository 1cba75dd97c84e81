/**
 * The rules of a card dispute's money (docs/money.md, "Disputes"). Pure: the webhook's handler
 * (functions/services/disputes/) turns them into ledger groups.
 */

/**
 * Stripe's dispute fee when the event does not say (its `balance_transactions` carry the fee of
 * the withdrawal): $15.00, what Stripe's test mode reports for a USD dispute.
 */
export const STRIPE_DISPUTE_FEE_CENTS = 1500;

/** Where a disputed payment's money was when the dispute opened. */
export type DisputeHolding = 'escrow' | 'owed';

export type DisputeOutcome = 'won' | 'lost';

/**
 * What a dispute's status means for its money. Inquiries (`warning_*`) move no money; a closed
 * dispute is won or lost; any other status is an open dispute.
 */
export function disputeState(status: string): 'inquiry' | 'open' | DisputeOutcome {
  if (status.startsWith('warning_')) return 'inquiry';
  if (status === 'won' || status === 'lost') return status;
  return 'open';
}

/** The disputed amount: Stripe's, when it is whole cents within the payment; else the whole payment. */
export function disputedCents(disputeAmount: number, paymentCents: number): number {
  return Number.isSafeInteger(disputeAmount) && disputeAmount > 0 && disputeAmount <= paymentCents
    ? disputeAmount
    : paymentCents;
}

/**
 * Stripe's fee for the dispute: the fees of its balance transactions when the event carries them
 * (a fee returned on a win nets out), else STRIPE_DISPUTE_FEE_CENTS.
 */
export function disputeFeeCents(balanceTransactions: readonly { fee?: number | null }[] | null | undefined): number {
  const fees = (balanceTransactions ?? []).map((t) => t.fee).filter((f): f is number => Number.isSafeInteger(f));
  if (fees.length === 0) return STRIPE_DISPUTE_FEE_CENTS;
  return Math.max(
    0,
    fees.reduce((s, f) => s + f, 0),
  );
}
