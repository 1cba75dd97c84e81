import { asc, eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaigns, profiles, videos } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { REVIEWED_FIELDS } from './internal/changes';

export interface ReviewItem {
  id: string;
  title: string;
  description: string;
  movieId: string;
  filmTitle: string;
  ownerId: string;
  ownerUsername: string | null;
  goalAmount: number;
  endDate: string;
  platformFeePercentage: number;
  submittedAt: string | null;
  needsAdminReapproval: boolean;
  reviewReturnsTo: string | null;
  memberCount: number;
  unapprovedCount: number;
  changeSummary: string | null;
  /** For an edited or extended campaign: each changed field before and after. */
  changes: { field: string; before: unknown; after: unknown }[];
}

/** Admin: campaigns waiting for review (status pending_approval), oldest first, with their diffs. */
export async function listReviewQueue({ db }: Deps, actor: Actor): Promise<ReviewItem[]> {
  authorize(actor, 'campaign.review-queue');
  const rows = await db
    .select({
      c: campaigns,
      filmTitle: videos.title,
      ownerId: videos.contributorId,
      ownerUsername: profiles.username,
      memberCount: sql<number>`(select count(*) from campaign_contributors m where m.campaign_id = ${campaigns.id})`,
      unapprovedCount: sql<number>`(select count(*) from campaign_contributors m where m.campaign_id = ${campaigns.id} and m.approved = 0)`,
    })
    .from(campaigns)
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .leftJoin(profiles, eq(profiles.userId, videos.contributorId))
    .where(eq(campaigns.status, 'pending_approval'))
    .orderBy(asc(campaigns.submittedAt))
    .limit(200);
  return rows.map(({ c, ...r }) => {
    const previous = c.previousValues ?? {};
    const fields = (c.changedFields ?? []).filter((f): f is (typeof REVIEWED_FIELDS)[number] =>
      (REVIEWED_FIELDS as readonly string[]).includes(f),
    );
    return {
      id: c.id,
      title: c.title,
      description: c.description,
      movieId: c.movieId,
      filmTitle: r.filmTitle,
      ownerId: r.ownerId,
      ownerUsername: r.ownerUsername,
      goalAmount: c.goalAmount,
      endDate: c.endDate,
      platformFeePercentage: c.platformFeePercentage,
      submittedAt: c.submittedAt ? c.submittedAt.toISOString() : null,
      needsAdminReapproval: c.needsAdminReapproval,
      reviewReturnsTo: c.reviewReturnsTo,
      memberCount: Number(r.memberCount),
      unapprovedCount: Number(r.unapprovedCount),
      changeSummary: c.changeSummary,
      changes: fields.map((f) => ({ field: f, before: previous[f], after: c[f] })),
    };
  });
}
