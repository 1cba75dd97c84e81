/**
 * What the id of each entity may look like, for every route and page that takes one: an id that
 * does not match is a 404 before anything is looked up (an overlong id would otherwise reach KV,
 * whose keys stop at 512 bytes). Our ids are UUIDs, better-auth's 32-character ids, slugs and short
 * codes, all at most 64 characters; Stripe's Checkout Session ids are Stripe's and run longer.
 *
 * Each is a Hono path-parameter pattern (`/videos/:id${ID.film}`), and `isId` checks a value.
 */
const OURS = '{[A-Za-z0-9_-]{1,64}}';

export const ID = {
  film: OURS,
  campaign: OURS,
  user: OURS,
  upload: OURS,
  avatar: OURS,
  caption: OURS,
  notification: OURS,
  message: OURS,
  milestone: OURS,
  payout: OURS,
  /** Other records named in a URL (listings, projects, collaborations) until they have their own. */
  record: OURS,
  shortCode: OURS,
  application: OURS,
  checkoutSession: '{cs_[A-Za-z0-9_]{1,250}}',
  /** A guest's signed link to their payments (functions/domain/backing/guest-link.ts). */
  guestLink: '{[A-Za-z0-9_.-]{20,600}}',
  /** TEST mode's local account links. */
  accountLink: OURS,
} as const;

export type IdKind = keyof typeof ID;

const compiled = Object.fromEntries(
  Object.entries(ID).map(([kind, pattern]) => [kind, new RegExp(`^${pattern.slice(1, -1)}$`)]),
) as Record<IdKind, RegExp>;

/** Whether `value` is a well-formed id of that kind (say nothing about whether it exists). */
export const isId = (kind: IdKind, value: string) => compiled[kind].test(value);
