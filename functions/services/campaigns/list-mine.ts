import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaignContributors, campaigns, profiles, videos } from '../../db/schema';
import { type CampaignStatus, displayStatus, STATUS_LABELS } from '../../domain/campaigns/status';
import type { Deps } from '../../platform/deps';

export interface CampaignListItem {
  id: string;
  title: string;
  movieId: string;
  filmTitle: string;
  status: CampaignStatus;
  displayStatus: string;
  displayLabel: string;
  goalAmount: number;
  currentAmount: number;
  endDate: string;
  /** The team is voting on this campaign's milestone and the viewer has not voted yet. */
  voteNeeded: boolean;
}

export interface MembershipItem extends CampaignListItem {
  memberId: string;
  role: string;
  sharePermille: number;
  approved: boolean;
  ownerId: string;
  ownerUsername: string | null;
}

const unapproved = sql<number>`(select count(*) from campaign_contributors m where m.campaign_id = ${campaigns.id} and m.approved = 0)`;

/** Voting is open (the round is the milestone count) and this viewer's vote is not in. */
const voteOpenWithoutVoteBy = (userId: string) =>
  sql<number>`(${campaigns.extensionPending} = 1 and not exists (select 1 from campaign_extension_votes v where v.campaign_id = ${campaigns.id} and v.round = ${campaigns.milestoneCount} and v.user_id = ${userId}))`;

function item(r: {
  id: string;
  title: string;
  movieId: string;
  filmTitle: string;
  status: CampaignStatus;
  goalAmount: number;
  currentAmount: number;
  endDate: string;
  unapproved: number;
  voteOpen: number;
}): CampaignListItem {
  const shown = displayStatus(r.status, Number(r.unapproved) === 0);
  const { unapproved: _u, voteOpen, ...rest } = r;
  return { ...rest, displayStatus: shown, displayLabel: STATUS_LABELS[shown], voteNeeded: Number(voteOpen) === 1 };
}

const columnsFor = (viewerId: string) => ({
  id: campaigns.id,
  title: campaigns.title,
  movieId: campaigns.movieId,
  filmTitle: videos.title,
  status: campaigns.status,
  goalAmount: campaigns.goalAmount,
  currentAmount: campaigns.currentAmount,
  endDate: campaigns.endDate,
  unapproved,
  voteOpen: voteOpenWithoutVoteBy(viewerId),
});

/**
 * The /contributor Campaigns tab: campaigns of the viewer's films, the teams they are on or invited
 * to, and their approved films that have no campaign yet.
 */
export async function listMyCampaigns({ db }: Deps, actor: Actor) {
  const viewer = authorize(actor, 'campaign.list-own');
  const columns = columnsFor(viewer.userId);
  // Not db.batch: D1's batch maps joined columns by name (id, title collide).
  const [owned, memberships, freeFilms] = await Promise.all([
    db
      .select(columns)
      .from(campaigns)
      .innerJoin(videos, eq(videos.id, campaigns.movieId))
      .where(eq(videos.contributorId, viewer.userId))
      .orderBy(desc(campaigns.updatedAt)),
    db
      .select({
        ...columns,
        memberId: campaignContributors.id,
        role: campaignContributors.role,
        sharePermille: campaignContributors.sharePermille,
        approved: campaignContributors.approved,
        ownerId: videos.contributorId,
        ownerUsername: profiles.username,
      })
      .from(campaignContributors)
      .innerJoin(campaigns, eq(campaigns.id, campaignContributors.campaignId))
      .innerJoin(videos, eq(videos.id, campaigns.movieId))
      .leftJoin(profiles, eq(profiles.userId, videos.contributorId))
      .where(eq(campaignContributors.contributorId, viewer.userId))
      .orderBy(desc(campaignContributors.createdAt)),
    db
      .select({ id: videos.id, title: videos.title })
      .from(videos)
      .leftJoin(campaigns, eq(campaigns.movieId, videos.id))
      // Only an approved film can start a campaign.
      .where(and(eq(videos.contributorId, viewer.userId), eq(videos.reviewStatus, 'approved'), isNull(campaigns.id)))
      .orderBy(desc(videos.createdAt)),
  ]);
  const mine = memberships.map((m) => {
    const { memberId, role, sharePermille, approved, ownerId, ownerUsername, ...rest } = m;
    const shown = item(rest);
    // Only approved members vote (an invitee is not on the team yet).
    return {
      ...shown,
      voteNeeded: shown.voteNeeded && approved,
      memberId,
      role,
      sharePermille,
      approved,
      ownerId,
      ownerUsername,
    } satisfies MembershipItem;
  });
  return {
    campaigns: owned.map(item),
    invitations: mine.filter((m) => !m.approved),
    memberships: mine.filter((m) => m.approved),
    filmsWithoutCampaign: freeFilms,
  };
}
