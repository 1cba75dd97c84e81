import { and, desc, eq, exists, inArray, or, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaignContributors, campaigns, videos } from '../../db/schema';
import { hasEnded } from '../../domain/campaigns/end-date';
import {
  isPublicCampaign,
  PUBLIC_STATE_LABELS,
  type PublicState,
  publicState,
} from '../../domain/campaigns/public-state';
import type { Deps } from '../../platform/deps';
import { teamApproved } from '../agreements';

export interface CreatorCampaign {
  campaignId: string;
  title: string;
  movieId: string;
  filmTitle: string;
  /** 'Originator', or the role the member holds in the team. */
  role: string;
  state: PublicState;
  stateLabel: string;
  raisedCents: number;
  goalCents: number;
  /** Funding is over (completed, or past its end date). */
  ended: boolean;
}

/**
 * The public campaigns a creator runs (owns the film) or is an approved member of, for their
 * profile: those still running first (most raised first), then those that ended (most raised first).
 * Only campaigns anyone may see (isPublicCampaign) of films in the catalogue.
 */
export async function creatorCampaigns(
  { db, clock }: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  creatorId: string,
): Promise<CreatorCampaign[]> {
  authorize(actor, 'funding.read');
  const memberRole = sql<
    string | null
  >`(select cc.role from ${campaignContributors} cc where cc.campaign_id = ${campaigns.id} and cc.contributor_id = ${creatorId} and cc.approved = 1)`;
  const rows = await db
    .select({
      campaignId: campaigns.id,
      title: campaigns.title,
      movieId: campaigns.movieId,
      filmTitle: videos.title,
      ownerId: videos.contributorId,
      memberRole,
      status: campaigns.status,
      reviewReturnsTo: campaigns.reviewReturnsTo,
      extensionPending: campaigns.extensionPending,
      teamApproved: sql<number>`${teamApproved(sql`"campaigns"."id"`)}`,
      endDate: campaigns.endDate,
      raisedCents: campaigns.currentAmount,
      goalCents: campaigns.goalAmount,
    })
    .from(campaigns)
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .where(
      and(
        eq(videos.reviewStatus, 'approved'),
        inArray(campaigns.status, ['live', 'paused', 'completed', 'pending_approval']),
        or(
          eq(videos.contributorId, creatorId),
          exists(
            db
              .select({ one: sql`1` })
              .from(campaignContributors)
              .where(
                and(
                  eq(campaignContributors.campaignId, campaigns.id),
                  eq(campaignContributors.contributorId, creatorId),
                  eq(campaignContributors.approved, true),
                ),
              ),
          ),
        ),
      ),
    )
    .orderBy(desc(campaigns.currentAmount));
  const now = clock.now();
  const out = rows.filter(isPublicCampaign).map((r): CreatorCampaign => {
    const state = publicState({
      ...r,
      teamApproved: Boolean(r.teamApproved),
      ended: hasEnded(r.endDate, now),
    });
    return {
      campaignId: r.campaignId,
      title: r.title,
      movieId: r.movieId,
      filmTitle: r.filmTitle,
      role: r.ownerId === creatorId ? 'Originator' : (r.memberRole ?? 'Member'),
      state,
      stateLabel: PUBLIC_STATE_LABELS[state],
      raisedCents: r.raisedCents,
      goalCents: r.goalCents,
      ended: state === 'ended',
    };
  });
  // Running first, then ended; each already ordered by what it raised.
  return [...out.filter((c) => !c.ended), ...out.filter((c) => c.ended)];
}
