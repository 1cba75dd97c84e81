import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaigns, videos } from '../../../db/schema';
import { checkoutClosed, hasEnded, utcToday } from '../../../domain/campaigns/end-date';
import { daysLeft } from '../../../domain/campaigns/format';
import {
  type CurrentMilestone,
  currentMilestone,
  isPublicCampaign,
  PUBLIC_STATE_LABELS,
  type PublicState,
  publicState,
} from '../../../domain/campaigns/public-state';
import { TEXT } from '../../../domain/texts';
import { teamApproved } from '../../agreements';
import type { SplitSummary } from '../../campaigns';

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
  /** The campaign's own title and description. */
  title: string;
  description: string;
  status: string;
  /** Anyone may see it (live, paused, completed, or launched and in review after an edit). */
  isPublic: boolean;
  /** Its state as a visitor sees it, and in words. */
  state: PublicState;
  stateLabel: string;
  /** Distinct payers with a net positive credited payment. */
  backers: number;
  /** Whole days until the end date (0 on the last day). */
  daysLeft: number;
  /** The milestone it works towards (the goal first), or the one it reached. */
  milestone: CurrentMilestone;
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
      title: campaigns.title,
      description: campaigns.description,
      reviewReturnsTo: campaigns.reviewReturnsTo,
      initialGoal: campaigns.initialGoalAmount,
      increment: campaigns.fundingIncrement,
      milestoneCount: campaigns.milestoneCount,
      ownerId: videos.contributorId,
      filmReview: videos.reviewStatus,
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

/** Why a live campaign takes no money now (ended or ending, a vote, a proposal waiting for the team); null otherwise. */
export function pausedReasonOf(
  row: Pick<FundingRow, 'status' | 'endDate' | 'extensionPending' | 'teamApproved'>,
  now: Date,
): string | null {
  const live = row.status === 'live';
  return !live
    ? null
    : hasEnded(row.endDate, now)
      ? TEXT.campaignEnded
      : checkoutClosed(row.endDate, now)
        ? TEXT.campaignEnding
        : row.extensionPending
          ? TEXT.campaignVoting
          : !row.teamApproved
            ? TEXT.campaignWaitingForTeam
            : null;
}

/** The state a visitor sees, from the same row at `now`. */
export const publicStateOf = (row: FundingRow, now: Date): PublicState =>
  publicState({
    status: row.status,
    reviewReturnsTo: row.reviewReturnsTo,
    extensionPending: row.extensionPending,
    teamApproved: Boolean(row.teamApproved),
    ended: hasEnded(row.endDate, now),
  });

/** The funding figures of a campaign row, its split summary and its backers, at `now`. */
export function fundingFrom(row: FundingRow, split: SplitSummary, backers: number, now: Date): CampaignFunding {
  const pausedReason = pausedReasonOf(row, now);
  const live = row.status === 'live';
  const state = publicStateOf(row, now);
  return {
    campaignId: row.campaign.id,
    movieId: row.movieId,
    filmTitle: row.filmTitle,
    title: row.title,
    description: row.description,
    status: row.status,
    // A film out of the catalogue (rejected, or hidden after reports: docs/reports.md) takes its campaign with it.
    isPublic: isPublicCampaign(row) && row.filmReview === 'approved',
    state,
    stateLabel: PUBLIC_STATE_LABELS[state],
    backers,
    daysLeft: daysLeft(row.endDate, utcToday(now)),
    milestone: currentMilestone({
      goalCents: row.goal,
      initialGoalCents: row.initialGoal,
      incrementCents: row.increment,
      milestoneCount: row.milestoneCount,
      raisedCents: row.raised,
    }),
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
