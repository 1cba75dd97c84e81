import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { campaignContributors, campaigns, profiles, videos } from '../../db/schema';

/** A voter and payee of a milestone: the originator (the film's owner) or an approved contributor. */
export interface TeamMember {
  userId: string;
  username: string | null;
  /** The member's share of the gross, in tenths of a percent. */
  sharePermille: number;
  isOriginator: boolean;
}

/**
 * SPEC 4 "Milestone reached": the team is the originator plus the approved contributors. The
 * originator comes first (leftover cents of a release go to them).
 */
export async function campaignTeam(db: Db, campaignId: string): Promise<TeamMember[]> {
  const [owner, contributors] = await Promise.all([
    db
      .select({
        userId: videos.contributorId,
        sharePermille: campaigns.originatorSharePermille,
        username: profiles.username,
      })
      .from(campaigns)
      .innerJoin(videos, eq(videos.id, campaigns.movieId))
      .leftJoin(profiles, eq(profiles.userId, videos.contributorId))
      .where(eq(campaigns.id, campaignId)),
    db
      .select({
        userId: campaignContributors.contributorId,
        sharePermille: campaignContributors.sharePermille,
        username: profiles.username,
        invitedAs: campaignContributors.username,
      })
      .from(campaignContributors)
      .leftJoin(profiles, eq(profiles.userId, campaignContributors.contributorId))
      .where(and(eq(campaignContributors.campaignId, campaignId), eq(campaignContributors.approved, true)))
      .orderBy(campaignContributors.createdAt),
  ]);
  const originator = owner[0];
  if (!originator) return [];
  return [
    { ...originator, isOriginator: true },
    ...contributors.map((m) => ({
      userId: m.userId,
      username: m.username ?? m.invitedAs ?? null,
      sharePermille: m.sharePermille,
      isOriginator: false,
    })),
  ];
}
