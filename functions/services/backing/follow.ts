import { and, eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { campaignFollows, campaigns, videos } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { toldKey } from '../../domain/backing/told';
import { endsWithinNotice } from '../../domain/campaigns/end-date';
import { notFound } from '../../domain/errors';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { publicCampaignWhere } from './internal/public';

type FollowDeps = Pick<Deps, 'db' | 'clock' | 'followUps'>;

function publicCampaign(db: Db, campaignId: string) {
  return db
    .select({ id: campaigns.id, status: campaigns.status, endDate: campaigns.endDate })
    .from(campaigns)
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .where(and(eq(campaigns.id, campaignId), publicCampaignWhere))
    .get();
}

/**
 * The viewer follows a public campaign (docs/backing.md, "Following"): they hear of it as its
 * backers do. Following twice keeps the first; an unknown or non-public campaign is a 404.
 * Following a live campaign that ends within 48 hours owes the follower its 48-hours notice — under
 * the job's event key and the person, so they hear it once whether the job or the follow came first.
 * Personal bookkeeping: not audited.
 */
export async function followCampaign(deps: FollowDeps, actor: Actor, campaignId: string) {
  const viewer = authorize(actor, 'follow.own');
  const campaign = await publicCampaign(deps.db, campaignId);
  if (!campaign) throw notFound(TEXT.campaignNotFoundState);
  const uow = new UnitOfWork(deps, viewer);
  if (campaign.status === 'live' && endsWithinNotice(campaign.endDate, deps.clock.now())) {
    const event = { kind: 'ending', endDate: campaign.endDate } as const;
    uow.owe(
      'tell-backers',
      { campaignId, event, only: viewer.userId },
      {
        key: `${toldKey(campaignId, event)}:${viewer.userId}`,
        // Still live with that end date when the follow is written.
        when: sql`exists (select 1 from campaigns c where c.id = ${campaignId} and c.status = 'live' and c.end_date = ${campaign.endDate})`,
      },
    );
  }
  const [inserted] = await uow
    .add(
      deps.db
        .insert(campaignFollows)
        .values({ campaignId, userId: viewer.userId })
        .onConflictDoNothing()
        .returning({ campaignId: campaignFollows.campaignId }),
    )
    .commit();
  return { campaignId, following: true, followed: ((inserted as unknown[] | undefined) ?? []).length > 0 };
}

/**
 * The viewer stops following a campaign; not following it is not an error. A campaign they do not
 * follow that is unknown or not public is a 404, as for following (its existence is not told).
 */
export async function unfollowCampaign(deps: FollowDeps, actor: Actor, campaignId: string) {
  const viewer = authorize(actor, 'follow.own');
  const [removed] = await new UnitOfWork(deps, viewer)
    .add(
      deps.db
        .delete(campaignFollows)
        .where(and(eq(campaignFollows.campaignId, campaignId), eq(campaignFollows.userId, viewer.userId)))
        .returning({ campaignId: campaignFollows.campaignId }),
    )
    .commit();
  const unfollowed = ((removed as unknown[] | undefined) ?? []).length > 0;
  if (!unfollowed && !(await publicCampaign(deps.db, campaignId))) throw notFound(TEXT.campaignNotFoundState);
  return { campaignId, following: false, unfollowed };
}
