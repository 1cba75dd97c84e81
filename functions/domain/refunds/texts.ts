/**
 * The texts of refunds: the payer's notice and the cancelled campaign's read-out. Browser code
 * imports the module of its feature; the server may use `TEXT`, which includes them all.
 */
export const REFUND_TEXT = {
  refundedTitle: 'Payment refunded',
  refundedCancelled:
    'Your payment of {amount} to "{campaign}" was refunded in full because the campaign was cancelled.',
  refundedAtStripe: 'Your payment of {amount} to "{campaign}" was refunded in full.',
  campaignRefunded:
    'This campaign was cancelled and every payment it still held was refunded in full to its payer: {payments}, {amount} in all.',
  campaignRefunding: 'This campaign was cancelled. Its payments are being refunded in full to their payers.',
} as const;
