import type { campaigns } from '../../../db/schema';
import type { CampaignStatus } from '../../../lib/campaign-status';
import { type CampaignLedgerFigures, memberFigures } from './ledger-figures';
import type { MoneyMember } from './team';

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
