import type { ToldEvent } from './backing/told';

/**
 * The follow-ups a change may owe: work that must happen after the change commits and outside its
 * batch (Stripe, R2, KV), recorded as a row in the same batch and run until it succeeds
 * (docs/architecture.md, "How a change is written"). Each name has one idempotent handler in
 * functions/follow-ups.ts; its payload is stored as JSON.
 */
export interface FollowUpPayloads {
  /**
   * A campaign may have stopped taking money: open Checkout Sessions expire, a cancelled campaign
   * refunds and tells its payers, an admin-completed one releases its escrow and pays out. A deleted
   * campaign's session rows went with it, so the owing change passes their ids.
   */
  'campaign-changed': { campaignId: string; sessions?: string[] };
  /** Transfers the payouts that match (a milestone's, or an account's that can now take transfers). */
  payouts: {
    campaignId?: string;
    milestoneNumber?: number;
    stripeAccountId?: string;
    retryFailed?: boolean;
    maxAttempts?: number;
  };
  /** The catalogue's read cache starts a new version (a film became public, changed or left). */
  'catalogue-bump': Record<string, never>;
  /**
   * The campaign list's part of that cache starts a new version (a campaign appeared, left, or changed
   * what its card shows other than raised and backers): /campaigns and home's row (docs/campaigns.md).
   */
  'campaign-list-bump': Record<string, never>;
  /** The content pages' read cache starts a new version (a page was published or restored). */
  'content-bump': Record<string, never>;
  /** A replaced or removed media file leaves R2 (with `ifUnused`: once no film points at it). */
  'media-delete': { key: string; ifUnused?: boolean };
  /** One email, sent under the follow-up's key as its idempotency key (a provider that saw it does not deliver it twice). */
  mail: { to: string; subject: string; text: string };
  /**
   * The backers of a campaign hear of an event (docs/backing.md, "Told"): a notice and a mail each,
   * written in chunks, each mail a 'mail' follow-up of its own. `only`: that one account of the
   * audience (a late follower's 48-hours notice, docs/backing.md "Following").
   */
  'tell-backers': { campaignId: string; event: ToldEvent; only?: string };
}

export type FollowUpName = keyof FollowUpPayloads;

/** A failed run is tried again after this long, doubling per attempt up to a day. */
export function followUpBackoffMs(attempts: number): number {
  return Math.min(86_400_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}

/** A runner holds a follow-up this long; a run that crashed is taken again after it. */
export const FOLLOW_UP_LEASE_MS = 5 * 60_000;
