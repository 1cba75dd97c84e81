import type { CampaignRow, FilmRef, SplitSummary } from '../../campaigns';
import type { CampaignBreakdown } from '../breakdown';
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
