import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../db/client';
import {
  campaignContributors,
  campaigns,
  profiles,
  shareAgreementMembers,
  shareAgreements,
  videos,
} from '../../../db/schema';

type Statement = BatchItem<'sqlite'>;

/** A fresh name for the team's split: set on campaigns.split_proposal by every change of the split. */
export const newProposal = () => crypto.randomUUID();

/** The campaign has no member who has not approved the current split. */
export const teamApproved = (campaignId: string | SQL): SQL =>
  sql`not exists (select 1 from campaign_contributors m where m.campaign_id = ${campaignId} and m.approved = 0)`;

/** The agreed version in force now (the latest), or NULL when none was agreed yet. */
export const versionInForce = (campaignId: string | SQL): SQL<number | null> =>
  sql`(select max(a.version) from share_agreements a where a.campaign_id = ${campaignId})`;

const nowMs = sql<Date>`cast(unixepoch('subsec') * 1000 as integer)`;

/**
 * The statements that make the team's current split the campaign's next agreed version — only
 * when, at the moment the batch runs, every member has approved it and no version agreed it yet
 * (unique per proposal). Added to every batch that changes the split or an approval, after that
 * change: so the last approval of a proposal, however many race, writes exactly one version, and a
 * change that leaves nobody to ask (the last member removed) is agreed at once. No-op otherwise.
 */
export function recordAgreementIfApproved(db: Db, campaignId: string): Statement[] {
  const agreementId = crypto.randomUUID();
  const written = sql`exists (select 1 from share_agreements w where w.id = ${agreementId})`;
  const thisCampaign = eq(campaigns.id, campaignId);
  return [
    db
      .insert(shareAgreements)
      .select((qb) =>
        qb
          .select({
            id: sql<string>`${agreementId}`.as('id'),
            campaignId: campaigns.id,
            version: sql<number>`coalesce(${versionInForce(sql`"campaigns"."id"`)}, 0) + 1`.as('version'),
            proposal: campaigns.splitProposal,
            feePercent: campaigns.platformFeePercentage,
            originatorId: videos.contributorId,
            createdAt: nowMs.as('created_at'),
          })
          .from(campaigns)
          .innerJoin(videos, eq(videos.id, campaigns.movieId))
          .where(and(thisCampaign, teamApproved(sql`"campaigns"."id"`))),
      )
      .onConflictDoNothing({ target: [shareAgreements.campaignId, shareAgreements.proposal] }),
    db.insert(shareAgreementMembers).select((qb) =>
      qb
        .select({
          agreementId: sql<string>`${agreementId}`.as('agreement_id'),
          userId: videos.contributorId,
          username: profiles.username,
          role: sql<string>`'Originator'`.as('role'),
          sharePermille: campaigns.originatorSharePermille,
          isOriginator: sql<boolean>`1`.as('is_originator'),
        })
        .from(campaigns)
        .innerJoin(videos, eq(videos.id, campaigns.movieId))
        .leftJoin(profiles, eq(profiles.userId, videos.contributorId))
        .where(and(thisCampaign, written)),
    ),
    db.insert(shareAgreementMembers).select((qb) =>
      qb
        .select({
          agreementId: sql<string>`${agreementId}`.as('agreement_id'),
          userId: campaignContributors.contributorId,
          username: sql<string | null>`coalesce(${profiles.username}, ${campaignContributors.username})`.as('username'),
          role: campaignContributors.role,
          sharePermille: campaignContributors.sharePermille,
          isOriginator: sql<boolean>`0`.as('is_originator'),
        })
        .from(campaignContributors)
        .leftJoin(profiles, eq(profiles.userId, campaignContributors.contributorId))
        .where(and(eq(campaignContributors.campaignId, campaignId), written))
        .orderBy(campaignContributors.createdAt),
    ),
  ];
}
