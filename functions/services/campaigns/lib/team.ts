import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaignContributors, campaignMilestones, campaigns, profiles, videos } from '../../../db/schema';
import { type CampaignKey, campaignAgreements, isCampaign, usernamesOf } from '../../agreements';

/** A voter and payee of a milestone: the originator (the film's owner) or an approved contributor. */
export interface TeamMember {
  userId: string;
  username: string | null;
  /** The member's share of the gross, in tenths of a percent. */
  sharePermille: number;
  isOriginator: boolean;
}

/**
 * At a milestone, the team is the originator plus the approved contributors. The
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

/**
 * Who votes on milestone `milestoneNumber`: the members of the agreed version in force when it was
 * reached (originator first), whatever the team proposes since. A milestone reached before versions
 * were recorded falls back to the team as it is (originator and approved contributors).
 */
export async function milestoneTeam(db: Db, campaignId: string, milestoneNumber: number): Promise<TeamMember[]> {
  const milestone = await db
    .select({ version: campaignMilestones.shareVersion })
    .from(campaignMilestones)
    .where(and(eq(campaignMilestones.campaignId, campaignId), eq(campaignMilestones.milestoneNumber, milestoneNumber)))
    .get();
  if (milestone?.version == null) return campaignTeam(db, campaignId);
  const agreement = (await campaignAgreements(db, campaignId)).find((a) => a.version === milestone.version);
  if (!agreement) return campaignTeam(db, campaignId);
  const names = await usernamesOf(
    db,
    agreement.members.map((m) => m.userId),
  );
  return agreement.members.map((m) => ({
    userId: m.userId,
    username: names.get(m.userId) ?? m.username,
    sharePermille: m.sharePermille,
    isOriginator: m.isOriginator,
  }));
}

/** The team's current split as the member rows hold it, in joining order. */
export const teamRows = (db: Db, campaign: CampaignKey) =>
  db
    .select()
    .from(campaignContributors)
    .where(isCampaign(db, campaignContributors.campaignId, campaign))
    .orderBy(asc(campaignContributors.createdAt));

/** The team rows with each member's current profile (username, avatar), in joining order. */
export const teamWithProfiles = (db: Db, campaign: CampaignKey) =>
  db
    .select({ member: campaignContributors, username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(campaignContributors)
    .leftJoin(profiles, eq(profiles.userId, campaignContributors.contributorId))
    .where(isCampaign(db, campaignContributors.campaignId, campaign))
    .orderBy(asc(campaignContributors.createdAt));
