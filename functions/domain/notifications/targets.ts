import { COIN_COLLECT_TOPICS, type NotificationType } from './types';

/**
 * Where a click in the bell popover (or on /notifications) leads: the one mapping from a
 * notification's type and the viewer's role to a page.
 *
 * | type              | admin                    | everyone else                                          |
 * |-------------------|--------------------------|--------------------------------------------------------|
 * | team_invitation   | /contributor/campaign-progress/{campaignId}?invitation=true (both)                |
 * | decline_message   | /messages/{senderId}?newMessage=true&from=notification (both)                     |
 * | application       | /admin?tab=applications  | /contributor?tab=campaigns                             |
 * | application, topic 'application': the reader's own creator application rejected | /apply (both)    |
 * | video             | /admin?tab=videos        | /contributor/edit/{videoId} (the film's edit page)     |
 * | creator_coin      | /admin?tab=creator-coins | /movie/{movieId}/coins (film of the campaign), else /contributor?tab=campaigns |
 * | success (backers) | /movie/{movieId}/donate: a team's tally of new payments (both)                    |
 * | success, info     | /contributor?tab=campaigns when about a campaign (both)                           |
 * | other             | /contributor/campaign-progress/{campaignId} when about a campaign (milestone votes) |
 * | topic 'payout' (any type): the reader's own money released or paid | /contributor/payouts (both) |
 * | topic 'wallet' (creator_coin): a campaign's coin waits for the reader's wallet | /account#wallets (both) |
 * | topic 'collaboration' (info): a marketplace request or collaboration of the reader's | /marketplace#mine (both) |
 * | topics 'coin-releasable', 'coin-withdrawn', 'coin-released' (creator_coin): the reader's own coin proceeds or locked coins | /creator-token-management (both) |
 * | topic 'dispute' (info): a payment to a campaign of the reader's (or, for an admin, any) is disputed, or its dispute is won or lost | /contributor/campaign-analytics/{campaignId} (both) |
 * | topics 'hidden-film', 'hidden-listing', 'hidden-profile', 'hidden-project' (info): the reader's item hidden after reports | the film's edit page /contributor/edit/{videoId}, /marketplace#mine, /account, /projects#mine (both) |
 * | topic 'backing' (info): a campaign the reader paid into or follows reached a milestone, released money, ended, was completed (by an admin or its team's vote), was cancelled (a follower's notice), or refunded them | /backing (both) |
 * | topic 'campaign-ending' (info): a campaign the reader follows ends within 48 hours | the film page /movie/{movieId}, else /backing (both) |
 * | other without a campaign, or a row missing the id its target needs | /notifications           |
 *
 * A message (creator_messages) leads to its thread with the compose box open and focused, ready to
 * reply: /messages/{senderId}?newMessage=true (no plain thread target is used), or /messages.
 */
export const NOTIFICATIONS_PAGE = '/notifications';
export const CAMPAIGNS_TAB = '/contributor?tab=campaigns';
export const PAYOUTS_PAGE = '/contributor/payouts';
export const APPLY_PAGE = '/apply';
/** /account's Wallets section, where a person links a wallet. */
export const ACCOUNT_WALLETS = '/account#wallets';
/** /marketplace's "Mine": the person's listings, requests and collaborations. */
export const MARKETPLACE_MINE = '/marketplace#mine';
/** Where a coin's member withdraws proceeds and releases vested coins. */
export const COIN_COLLECT_PAGE = '/creator-token-management';
/** The reader's own payments and where their money is (docs/backing.md). */
export const BACKING_PAGE = '/backing';

export interface TargetInput {
  type: NotificationType;
  campaignId: string | null;
  /** Who caused it: a decline's sender. */
  actorId: string | null;
  videoId: string | null;
  /** The film of campaignId, when the campaign resolves to one. */
  movieId?: string | null;
  /**
   * 'backers': a team member's tally of new payments to the campaign, updated in place; 'payout': the reader's own
   * payout; 'application': their creator application; 'wallet': a campaign's coin waits for the reader to link a wallet;
   * 'coin-releasable' / 'coin-withdrawn' / 'coin-released': the reader's own coins unlocking, or a collect call mined;
   * 'dispute': a payment to the campaign is disputed, or its dispute won or lost (docs/money.md, "Disputes").
   * 'backing': news of a campaign the reader paid into or follows (docs/backing.md, "Told").
   * 'campaign-ending': a campaign the reader follows ends within 48 hours (docs/backing.md, "Following").
   */
  topic?: string | null;
}

export interface TargetViewer {
  isAdmin: boolean;
}

const seg = encodeURIComponent;

export function notificationTarget(n: TargetInput, viewer: TargetViewer): string {
  if (n.topic === 'payout') return PAYOUTS_PAGE;
  if (n.topic === 'application') return APPLY_PAGE;
  if (n.topic === 'wallet') return ACCOUNT_WALLETS;
  if (n.topic === 'collaboration') return MARKETPLACE_MINE;
  if (n.topic === 'backing') return BACKING_PAGE;
  // Still time to fund it: the film page, where its Fund button is.
  if (n.topic === 'campaign-ending') return n.movieId ? `/movie/${seg(n.movieId)}` : BACKING_PAGE;
  if ((COIN_COLLECT_TOPICS as readonly (string | null | undefined)[]).includes(n.topic)) return COIN_COLLECT_PAGE;
  if (n.topic === 'dispute')
    return n.campaignId ? `/contributor/campaign-analytics/${seg(n.campaignId)}` : NOTIFICATIONS_PAGE;
  // The reader's own item hidden by an admin (docs/reports.md): where they see and fix it.
  if (n.topic === 'hidden-film') return n.videoId ? `/contributor/edit/${seg(n.videoId)}` : NOTIFICATIONS_PAGE;
  if (n.topic === 'hidden-listing') return MARKETPLACE_MINE;
  if (n.topic === 'hidden-profile') return '/account';
  if (n.topic === 'hidden-project') return '/projects#mine';
  switch (n.type) {
    case 'team_invitation':
      return n.campaignId ? `/contributor/campaign-progress/${seg(n.campaignId)}?invitation=true` : NOTIFICATIONS_PAGE;
    case 'decline_message':
      return n.actorId ? `/messages/${seg(n.actorId)}?newMessage=true&from=notification` : '/messages';
    case 'application':
      return viewer.isAdmin ? '/admin?tab=applications' : CAMPAIGNS_TAB;
    case 'video':
      if (viewer.isAdmin) return '/admin?tab=videos';
      return n.videoId ? `/contributor/edit/${seg(n.videoId)}` : NOTIFICATIONS_PAGE;
    case 'creator_coin':
      if (viewer.isAdmin) return '/admin?tab=creator-coins';
      return n.movieId ? `/movie/${seg(n.movieId)}/coins` : CAMPAIGNS_TAB;
    case 'success':
    case 'info':
      if (n.topic === 'backers' && n.movieId) return `/movie/${seg(n.movieId)}/donate`;
      return n.campaignId ? CAMPAIGNS_TAB : NOTIFICATIONS_PAGE;
    case 'other':
      // No type is the milestone vote's own: its notifications open the campaign's progress page.
      return n.campaignId ? `/contributor/campaign-progress/${seg(n.campaignId)}` : NOTIFICATIONS_PAGE;
    default:
      return NOTIFICATIONS_PAGE;
  }
}

export function messageTarget(senderId: string | null): string {
  return senderId ? `/messages/${seg(senderId)}?newMessage=true` : '/messages';
}
