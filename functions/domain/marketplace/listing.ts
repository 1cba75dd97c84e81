/**
 * The marketplace's fixed lists (docs/marketplace.md): the roles a listing offers or seeks, whether
 * it offers or seeks, how it pays, and whether it is open. Pure, shared by the API and the page.
 */
export const LISTING_ROLES = [
  'director',
  'writer',
  'editor',
  'composer',
  'cinematographer',
  'sound',
  'actor',
  'producer',
  'other',
] as const;
export type ListingRole = (typeof LISTING_ROLES)[number];

export const LISTING_KINDS = ['offering', 'seeking'] as const;
export type ListingKind = (typeof LISTING_KINDS)[number];

export const LISTING_PAY = ['paid', 'revenue_share', 'volunteer'] as const;
export type ListingPay = (typeof LISTING_PAY)[number];

export const LISTING_STATUSES = ['open', 'closed'] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const ROLE_LABEL: Record<ListingRole, string> = {
  director: 'Director',
  writer: 'Writer',
  editor: 'Editor',
  composer: 'Composer',
  cinematographer: 'Cinematographer',
  sound: 'Sound',
  actor: 'Actor',
  producer: 'Producer',
  other: 'Other',
};
export const KIND_LABEL: Record<ListingKind, string> = { offering: 'Offering', seeking: 'Looking for' };
export const PAY_LABEL: Record<ListingPay, string> = {
  paid: 'Paid',
  revenue_share: 'Revenue share',
  volunteer: 'Volunteer',
};

export const LISTING_PAGE_SIZE = 20;
export const MAX_LISTING_QUERY = 200;
const MAX_TERMS = 8;

/**
 * An FTS5 MATCH expression from the user's text: its words (split as the index's tokenizer splits),
 * all required, each quoted so FTS5 syntax in the input is inert; the last may also start a word.
 * Null when nothing searchable is left.
 */
export function listingMatch(raw: string | null | undefined): string | null {
  const terms = (raw ?? '')
    .slice(0, MAX_LISTING_QUERY)
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean)
    .slice(0, MAX_TERMS);
  if (terms.length === 0) return null;
  const last = terms.length - 1;
  return terms.map((t, i) => (i === last ? `("${t}"* OR "${t}")` : `"${t}"`)).join(' AND ');
}
