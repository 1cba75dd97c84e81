import { and, desc, eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaignFollows, campaigns, videos } from '../../db/schema';
import { hasEnded, utcToday } from '../../domain/campaigns/end-date';
import { daysLeft } from '../../domain/campaigns/format';
import { PUBLIC_STATE_LABELS, publicState } from '../../domain/campaigns/public-state';
import type { Deps } from '../../platform/deps';
import { teamApproved } from '../agreements';
import { publicCampaignWhere } from './internal/public';

export interface FollowedCampaign {
  campaignId: string;
  title: string;
  movieId: string;
  filmTitle: string;
  stateLabel: string;
  raisedCents: number;
  goalCents: number;
  daysLeft: number;
  ended: boolean;
}

/** At most this many followed campaigns are listed (newest follow first). */
const FOLLOWED_LIMIT = 200;

/**
 * The public campaigns the viewer follows, newest follow first (docs/backing.md, "Following"): for
 * /backing's list and the Follow controls of any page. A campaign no longer public drops out.
 */
export async function followedCampaigns(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
): Promise<FollowedCampaign[]> {
  const viewer = authorize(actor, 'follow.own');
  const rows = await db
    .select({
      campaignId: campaigns.id,
      title: campaigns.title,
      movieId: campaigns.movieId,
      filmTitle: videos.title,
      status: campaigns.status,
      reviewReturnsTo: campaigns.reviewReturnsTo,
      extensionPending: campaigns.extensionPending,
      teamApproved: sql<number>`${teamApproved(sql`"campaigns"."id"`)}`,
      endDate: campaigns.endDate,
      raisedCents: campaigns.currentAmount,
      goalCents: campaigns.goalAmount,
    })
    .from(campaignFollows)
    .innerJoin(campaigns, eq(campaigns.id, campaignFollows.campaignId))
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .where(and(eq(campaignFollows.userId, viewer.userId), publicCampaignWhere))
    .orderBy(desc(campaignFollows.createdAt), desc(campaignFollows.campaignId))
    .limit(FOLLOWED_LIMIT);
  const now = clock.now();
  return rows.map((r) => {
    const state = publicState({ ...r, teamApproved: Boolean(r.teamApproved), ended: hasEnded(r.endDate, now) });
    return {
      campaignId: r.campaignId,
      title: r.title,
      movieId: r.movieId,
      filmTitle: r.filmTitle,
      stateLabel: PUBLIC_STATE_LABELS[state],
      raisedCents: r.raisedCents,
      goalCents: r.goalCents,
      daysLeft: daysLeft(r.endDate, utcToday(now)),
      ended: state === 'ended',
    };
  });
}

/** Whether the viewer follows this one campaign: the film page's Follow control, one row by its key. */
export async function followsCampaign({ db }: Pick<Deps, 'db'>, actor: Actor, campaignId: string): Promise<boolean> {
  const viewer = authorize(actor, 'follow.own');
  const row = await db
    .select({ campaignId: campaignFollows.campaignId })
    .from(campaignFollows)
    .where(and(eq(campaignFollows.campaignId, campaignId), eq(campaignFollows.userId, viewer.userId)))
    .get();
  return row !== undefined;
}
