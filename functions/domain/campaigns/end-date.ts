/**
 * When a campaign ends, and whether it takes money at a given moment: the one rule every path
 * reads (checkout, the funding view, the payment webhook, the completion job). Callers pass
 * `deps.clock.now()`, never the wall clock. See docs/end-dates.md.
 */

const DAY_MS = 86_400_000;
/** Stripe's shortest Checkout Session: a checkout opened later could outlive the campaign. */
export const CHECKOUT_CLOSES_BEFORE_END_MS = 30 * 60_000;
/** Stripe's longest Checkout Session (its default). */
export const CHECKOUT_SESSION_MAX_MS = 24 * 3_600_000;

/** The end of `endDate` (YYYY-MM-DD) in UTC, inclusive: the first instant of the next UTC day. */
export function campaignEndsAt(endDate: string): Date {
  const start = Date.parse(`${endDate}T00:00:00Z`);
  // A malformed date (the schema's check forbids it) ends the campaign at once rather than never.
  return new Date(Number.isFinite(start) ? start + DAY_MS : 0);
}

/** The campaign's end has passed at `now`: it takes no money and completes. */
export function hasEnded(endDate: string, now: Date): boolean {
  return now.getTime() >= campaignEndsAt(endDate).getTime();
}

/**
 * Milliseconds from `now` until no new checkout opens (0 once closed): the fund form counts this
 * down so it stops offering a payment the server would refuse, whatever the browser's clock says.
 */
export function checkoutClosesInMs(endDate: string, now: Date): number {
  return Math.max(0, campaignEndsAt(endDate).getTime() - CHECKOUT_CLOSES_BEFORE_END_MS - now.getTime());
}

/** The end is less than Stripe's shortest session away (or passed): no new checkout opens. */
export function checkoutClosed(endDate: string, now: Date): boolean {
  return checkoutClosesInMs(endDate, now) === 0;
}

/**
 * A new Checkout Session's expires_at (Unix seconds) when the end comes before Stripe's default
 * expiry (24 h); undefined otherwise, so a resubmitted form keeps the same request parameters.
 */
export function checkoutExpiresAt(endDate: string, now: Date): number | undefined {
  const end = campaignEndsAt(endDate).getTime();
  return end < now.getTime() + CHECKOUT_SESSION_MAX_MS ? Math.floor(end / 1000) : undefined;
}

/** Followers are told this long before a campaign's end (docs/backing.md, "Following"). */
export const ENDING_NOTICE_MS = 48 * 3_600_000;

/**
 * The latest end date (YYYY-MM-DD) whose end is at most ENDING_NOTICE_MS after `now`: a live
 * campaign with an end date from utcToday(now) to this one ends within 48 hours.
 */
export function endingNoticeLastDate(now: Date): string {
  return utcToday(new Date(now.getTime() + ENDING_NOTICE_MS - DAY_MS));
}

/** A campaign with this last day ends within 48 hours of `now` and has not ended: its followers hear. */
export const endsWithinNotice = (endDate: string, now: Date): boolean =>
  endDate >= utcToday(now) && endDate <= endingNoticeLastDate(now);

/** The last UTC date still funding at `now` (YYYY-MM-DD): campaigns with an end_date before it ended. */
export function utcToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}
