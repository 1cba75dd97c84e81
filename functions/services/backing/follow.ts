import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { campaignFollows, campaigns, videos } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { notFound } from '../../domain/errors';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { publicCampaignWhere } from './internal/public';

type FollowDeps = Pick<Deps, 'db' | 'clock' | 'followUps'>;

async function isPublic(db: Db, campaignId: string): Promise<boolean> {
  const row = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .where(and(eq(campaigns.id, campaignId), publicCampaignWhere))
    .get();
  return Boolean(row);
}

/**
 * The viewer follows a public campaign (docs/backing.md, "Following"): they hear of it as its
 * backers do. Following twice keeps the first; an unknown or non-public campaign is a 404.
 * Personal bookkeeping: not audited.
 */
export async function followCampaign(deps: FollowDeps, actor: Actor, campaignId: string) {
  const viewer = authorize(actor, 'follow.own');
  if (!(await isPublic(deps.db, campaignId))) throw notFound(TEXT.campaignNotFoundState);
  const [inserted] = await new UnitOfWork(deps, viewer)
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
  if (!unfollowed && !(await isPublic(deps.db, campaignId))) throw notFound(TEXT.campaignNotFoundState);
  return { campaignId, following: false, unfollowed };
}
