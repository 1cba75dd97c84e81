import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import type { campaigns } from '../../db/schema';
import type { CampaignStatus } from '../../lib/campaign-status';
import { mayPerform } from '../../lib/campaign-status';
import { ApiError, notFound } from '../../lib/errors';
import { MSG } from '../../lib/messages';
import { loadCampaignAccess } from '../campaigns/access';
import { type CampaignLedgerFigures, campaignLedgerFigures, memberFigures } from './ledger-figures';
import { type MoneyMember, moneyMembers } from './team';

/** Statuses whose money anyone may see; a campaign in any other status only to those who may view it. */
export const PUBLIC_BREAKDOWN_STATUSES: readonly CampaignStatus[] = ['live', 'paused', 'completed'];

export interface BreakdownMember extends Omit<MoneyMember, 'userId'> {
  userId: string;
  /** Sum of their payable credits from releases. */
  earnedCents: number;
  /** Paid out to them (the balance of their paid account). */
  paidCents: number;
}

/** Where a campaign's money is: raised, released, the fee, each member's share earned and paid, escrow, refunds. */
export interface CampaignBreakdown {
  campaignId: string;
  movieId: string;
  filmTitle: string;
  status: CampaignStatus;
  currency: 'usd';
  /** campaigns.current_amount: payments less refunds (a release does not lower it). */
  raisedCents: number;
  goalCents: number;
  releasedCents: number;
  feePercent: number;
  feeCents: number;
  escrowCents: number;
  refundedCents: number;
  members: BreakdownMember[];
}

/**
 * The public breakdown of a campaign's money (issue 9 §4): anyone may see it for a live, paused or
 * completed campaign; in any other status only its owner, team and admins — everyone else gets
 * 404, as for an id that does not exist.
 */
export async function campaignBreakdown(db: Db, viewer: Viewer | null, campaignId: string): Promise<CampaignBreakdown> {
  const access = await loadCampaignAccess(db, viewer, campaignId);
  if (!access) throw notFound(MSG.campaignNotFoundState);
  const { campaign, film, relation } = access;
  if (!PUBLIC_BREAKDOWN_STATUSES.includes(campaign.status) && !mayPerform('view', relation)) {
    throw notFound(MSG.campaignNotFoundState);
  }
  const figures = await campaignLedgerFigures(db, campaign.id);
  const members = await moneyMembers(db, campaign, film.ownerId, figures.members.keys());
  return composeBreakdown(campaign, film, figures, members);
}

/** The breakdown from what it is made of: the campaign, its film, its ledger figures and its money members. */
export function composeBreakdown(
  campaign: Pick<
    typeof campaigns.$inferSelect,
    'id' | 'status' | 'currentAmount' | 'goalAmount' | 'platformFeePercentage'
  >,
  film: { id: string; title: string },
  figures: CampaignLedgerFigures,
  members: MoneyMember[],
): CampaignBreakdown {
  return {
    campaignId: campaign.id,
    movieId: film.id,
    filmTitle: film.title,
    status: campaign.status,
    currency: 'usd',
    raisedCents: campaign.currentAmount,
    goalCents: campaign.goalAmount,
    releasedCents: figures.releasedCents,
    feePercent: campaign.platformFeePercentage,
    feeCents: figures.feeCents,
    escrowCents: figures.escrowCents,
    refundedCents: figures.refundedCents,
    members: members.map((m) => {
      const f = memberFigures(figures, m.userId);
      return { ...m, earnedCents: f.earnedCents, paidCents: f.paidCents };
    }),
  };
}

/** The breakdown of a film's campaign for its page, or null when it has none or it is not public. */
export async function filmBreakdown(db: Db, viewer: Viewer | null, campaignId: string | null | undefined) {
  if (!campaignId) return null;
  try {
    return await campaignBreakdown(db, viewer, campaignId);
  } catch (e) {
    if (e instanceof ApiError && e.code === 'not_found') return null;
    throw e;
  }
}
