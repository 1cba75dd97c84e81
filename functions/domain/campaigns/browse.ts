/**
 * /campaigns (docs/campaigns.md): the sorts and filters of the public list of campaigns, and the
 * figure "Needs it most" ranks by. Pure: the service orders by the same rules in SQL.
 */

/** The sorts, in the order the page offers them; the first is the default. */
export const CAMPAIGN_SORTS = ['ending-soon', 'nearly-funded', 'newest', 'most-backed', 'needs-most'] as const;
export type CampaignSort = (typeof CAMPAIGN_SORTS)[number];

export const CAMPAIGN_SORT_LABELS: Record<CampaignSort, string> = {
  'ending-soon': 'Ending soon',
  'nearly-funded': 'Nearly funded',
  newest: 'Newest',
  'most-backed': 'Most backed',
  'needs-most': 'Needs it most',
};

/** Funding: public and not ended (paused, in review and voting ones included); ended: past its end or completed. */
export const CAMPAIGN_LIST_STATES = ['funding', 'ended'] as const;
export type CampaignListState = (typeof CAMPAIGN_LIST_STATES)[number];

export const CAMPAIGN_LIST_STATE_LABELS: Record<CampaignListState, string> = {
  funding: 'Funding now',
  ended: 'Ended',
};

export const CAMPAIGN_PAGE_SIZE = 24;
/** The home page's "Funding now" row. */
export const FUNDING_NOW_ROW_SIZE = 12;
/** The most cards one refresh of figures asks for (more than a page). */
export const MAX_FIGURES_IDS = 48;

export interface NextMilestoneSubject {
  raisedCents: number;
  /** The current goal (the initial goal plus every extension). */
  goalCents: number;
  /** What each milestone after the goal adds. */
  incrementCents: number;
}

/**
 * The next milestone's target: the goal until it is reached, then the goal plus as many increments as
 * it takes to be above what was raised (each milestone after the goal adds one increment).
 */
export function nextMilestoneTarget({ raisedCents, goalCents, incrementCents }: NextMilestoneSubject): number {
  if (raisedCents < goalCents) return goalCents;
  const step = Math.max(1, incrementCents);
  return goalCents + step * (Math.floor((raisedCents - goalCents) / step) + 1);
}

export interface NeedSubject extends NextMilestoneSubject {
  /** Whole days from today to the end date (0 on the last day); the end date is a funding day. */
  daysLeft: number;
  /** Past its end or completed: it needs nothing any more. */
  ended: boolean;
}

export interface Need {
  /** What it still needs per remaining funding day, in cents, rounded up. */
  perDayCents: number;
  /** Funding days left, today included. */
  days: number;
  /** The milestone it would reach, and whether that is the goal itself. */
  targetCents: number;
  isGoal: boolean;
}

/**
 * What a campaign still needs per remaining day to reach its next milestone ("Needs it most" ranks
 * by it, largest first); null once it has ended.
 */
export function needPerDay(c: NeedSubject): Need | null {
  if (c.ended) return null;
  const targetCents = nextMilestoneTarget(c);
  const days = Math.max(0, Math.floor(c.daysLeft)) + 1;
  return {
    perDayCents: Math.ceil((targetCents - c.raisedCents) / days),
    days,
    targetCents,
    isGoal: targetCents === c.goalCents,
  };
}

/** Whole dollars, rounded up: 4000 → "$40", 123456 → "$1,235". */
export const wholeDollars = (cents: number): string =>
  `$${Math.ceil(cents / 100).toLocaleString('en-US', { maximumFractionDigits: 0 })}`;

/** "$40 a day for 9 days reaches the goal"; "$500 today reaches the goal" on the last day. */
export function needText(need: Need): string {
  const what = need.isGoal ? 'the goal' : 'the next milestone';
  const when =
    need.days === 1
      ? `${wholeDollars(need.perDayCents)} today`
      : `${wholeDollars(need.perDayCents)} a day for ${need.days} days`;
  return `${when} reaches ${what}`;
}

/** The words of /campaigns and home's row that the SPEC does not give. */
export const CAMPAIGN_LIST_TEXT = {
  title: 'Campaigns',
  lead: 'Films raising money to be made. Open one to back it.',
  sortBy: 'Sort by',
  category: 'Category',
  anyCategory: 'All categories',
  show: 'Show',
  apply: 'Apply',
  emptyFunding: 'No campaigns are funding now',
  emptyEnded: 'No campaigns have ended yet',
  emptyFiltered: 'Try another category, or see all of them.',
  noMore: 'No more campaigns',
  homeRow: 'Funding now',
  seeAll: 'See all',
} as const;
