import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaigns, videos } from '../../db/schema';
import { MSG } from '../../domain/messages';
import { teamApproved } from '../agreements/record';
import type { SplitSummary } from '../agreements/summary';
import { checkoutClosed, hasEnded } from '../campaigns/end-date';

export interface FundingShare {
  username: string;
  role: string;
  permille: number;
}

/** The public face of a campaign's funding: what the fund and donate pages show. */
export interface CampaignFunding {
  campaignId: string;
  movieId: string;
  filmTitle: string;
  status: string;
  /** Live, before its end, not voting, and its team agreed on its split: the only state that opens checkouts. */
  takingPayments: boolean;
  /** The campaign's last funding day (YYYY-MM-DD, inclusive, UTC). */
  endDate: string;
  /** Why a live campaign takes no money now (ended or ending, a vote, a proposal waiting for the team); null otherwise. */
  pausedReason: string | null;
  raisedCents: number;
  goalCents: number;
  /** The agreed split in force: its fee, and each member's share of the gross (originator first). */
  feePercent: number;
  shares: FundingShare[];
  /** The agreed split and any proposal waiting for the team, as every screen shows them. */
  split: SplitSummary;
}

/** The campaign row the funding is made of, with its film's title and owner (`where` picks the campaign). */
export const fundingRow = (db: Db, where: SQL | undefined) =>
  db
    .select({
      campaign: {
        id: campaigns.id,
        splitProposal: campaigns.splitProposal,
        platformFeePercentage: campaigns.platformFeePercentage,
        originatorSharePermille: campaigns.originatorSharePermille,
      },
      movieId: campaigns.movieId,
      filmTitle: videos.title,
      ownerId: videos.contributorId,
      status: campaigns.status,
      endDate: campaigns.endDate,
      extensionPending: campaigns.extensionPending,
      raised: campaigns.currentAmount,
      goal: campaigns.goalAmount,
      teamApproved: sql<number>`${teamApproved(sql`"campaigns"."id"`)}`,
    })
    .from(campaigns)
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .where(where)
    .get();

export type FundingRow = NonNullable<Awaited<ReturnType<typeof fundingRow>>>;

/** The funding figures of a campaign row and its split summary, at `now`. */
export function fundingFrom(row: FundingRow, split: SplitSummary, now: Date): CampaignFunding {
  const live = row.status === 'live';
  const pausedReason = !live
    ? null
    : hasEnded(row.endDate, now)
      ? MSG.campaignEnded
      : checkoutClosed(row.endDate, now)
        ? MSG.campaignEnding
        : row.extensionPending
          ? MSG.campaignVoting
          : !row.teamApproved
            ? MSG.campaignWaitingForTeam
            : null;
  return {
    campaignId: row.campaign.id,
    movieId: row.movieId,
    filmTitle: row.filmTitle,
    status: row.status,
    endDate: row.endDate,
    takingPayments: live && pausedReason === null,
    pausedReason,
    raisedCents: row.raised,
    goalCents: row.goal,
    feePercent: split.agreed?.feePercent ?? row.campaign.platformFeePercentage,
    shares: (split.agreed?.shares ?? []).map((m) => ({
      username: m.username ?? (m.isOriginator ? 'Originator' : 'Team member'),
      role: m.role,
      permille: m.sharePermille,
    })),
    split,
  };
}
