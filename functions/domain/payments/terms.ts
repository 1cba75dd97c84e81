/**
 * What happens to a payment, said above the amount on the fund and donate pages before anyone
 * pays: the rules docs/money.md describes (escrow until each milestone's vote or the campaign's
 * end, release by the agreed split whatever the total, a full refund on cancellation).
 */
export const FUNDING_TERMS =
  'Your payment is held in escrow until the team votes at each milestone or the campaign ends, then released to the team by the split they agreed, whatever the total raised. If the campaign is cancelled, you are refunded in full.';

/** The version of FUNDING_TERMS, stored with each checkout; a change of the words is a new version. */
export const FUNDING_TERMS_VERSION = '2026-11-28';

/** Every version's words, so a receipt shows the terms its payer saw. */
export const FUNDING_TERMS_BY_VERSION: Readonly<Record<string, string>> = {
  [FUNDING_TERMS_VERSION]: FUNDING_TERMS,
};
