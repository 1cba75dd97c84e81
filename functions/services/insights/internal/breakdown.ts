import type { CampaignStatus } from '../../../domain/campaigns/status';
import type { CampaignRow, FilmRef, SplitSummary } from '../../campaigns';
import { type CampaignLedgerFigures, memberFigures } from './ledger-figures';
import type { MoneyMember } from './team';

export type BreakdownCampaign = Pick<
  CampaignRow,
  'id' | 'status' | 'currentAmount' | 'goalAmount' | 'platformFeePercentage'
>;

/** The breakdown from what it is made of: the campaign, its film, ledger figures, money members and split. */
export function breakdownFrom(
  campaign: BreakdownCampaign,
  film: Pick<FilmRef, 'id' | 'title'>,
  figures: CampaignLedgerFigures,
  members: MoneyMember[],
  split: SplitSummary,
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
    feePercent: split.agreed?.feePercent ?? campaign.platformFeePercentage,
    feeCents: figures.feeCents,
    escrowCents: figures.escrowCents,
    refundedCents: figures.refundedCents,
    members: members.map((m) => {
      const f = memberFigures(figures, m.userId);
      return { ...m, earnedCents: f.earnedCents, paidCents: f.paidCents };
    }),
    split,
  };
}

/** Everyone whose current username a breakdown may show, so one read finds them all. */
export const breakdownPeople = (
  splitPeople: Iterable<string>,
  agreements: readonly { members: readonly { userId: string }[] }[],
  figures: CampaignLedgerFigures,
) => [...splitPeople, ...agreements.flatMap((a) => a.members.map((m) => m.userId)), ...figures.members.keys()];

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
  /** The agreed split's fee. */
  feePercent: number;
  feeCents: number;
  escrowCents: number;
  refundedCents: number;
  /** The members of the agreed split in force with their shares, then former members. */
  members: BreakdownMember[];
  /** The agreed split, and a proposal waiting for the team, apart. */
  split: SplitSummary;
}

export interface BreakdownMember extends Omit<MoneyMember, 'userId'> {
  userId: string;
  /** Sum of their payable credits from releases. */
  earnedCents: number;
  /** Paid out to them (the balance of their paid account). */
  paidCents: number;
}
