import { and, eq, sql } from 'drizzle-orm';
import type { Viewer } from '../../../auth/viewer';
import type { Db } from '../../../db/client';
import { campaignContributors, campaigns, partnershipAgreements, videos } from '../../../db/schema';
import { type CampaignAction, mayPerform, type Relation } from '../../../domain/campaigns/status';
import { forbidden, notFound } from '../../../domain/errors';
import { isAdmin } from '../../../domain/users/roles';

export type CampaignRow = typeof campaigns.$inferSelect;
export type MemberRow = typeof campaignContributors.$inferSelect;

export interface FilmRef {
  id: string;
  title: string;
  ownerId: string;
}

/** A campaign as one viewer sees it: the rows and the viewer's relation to it (from roles and rows). */
export interface CampaignAccess {
  campaign: CampaignRow;
  film: FilmRef;
  relation: Relation;
  /** The viewer's own team row, if any. */
  membership: MemberRow | null;
  /** Whether the viewer already has the partnership agreement (joined once before). */
  hasAgreement: boolean;
  memberCount: number;
  allMembersApproved: boolean;
}

/** Loads a campaign with the viewer's relation to it; null when it does not exist. */
export async function loadCampaignAccess(
  db: Db,
  viewer: Viewer | null,
  campaignId: string,
): Promise<CampaignAccess | null> {
  const userId = viewer?.userId ?? '';
  // Not db.batch: D1's batch maps joined columns by name, and campaigns and videos share names.
  const [rows, mine, team, agreement] = await Promise.all([
    db
      .select({ campaign: campaigns, film: { id: videos.id, title: videos.title, ownerId: videos.contributorId } })
      .from(campaigns)
      .innerJoin(videos, eq(videos.id, campaigns.movieId))
      .where(eq(campaigns.id, campaignId)),
    db
      .select()
      .from(campaignContributors)
      .where(and(eq(campaignContributors.campaignId, campaignId), eq(campaignContributors.contributorId, userId))),
    db
      .select({
        count: sql<number>`count(*)`,
        unapproved: sql<number>`coalesce(sum(case when ${campaignContributors.approved} then 0 else 1 end), 0)`,
      })
      .from(campaignContributors)
      .where(eq(campaignContributors.campaignId, campaignId)),
    db
      .select({ id: partnershipAgreements.id })
      .from(partnershipAgreements)
      .where(and(eq(partnershipAgreements.campaignId, campaignId), eq(partnershipAgreements.userBId, userId))),
  ]);
  const row = rows[0];
  if (!row) return null;
  const membership = mine[0] ?? null;
  const stats = team[0] ?? { count: 0, unapproved: 0 };
  return {
    campaign: row.campaign,
    film: row.film,
    membership,
    hasAgreement: agreement.length > 0,
    memberCount: Number(stats.count),
    allMembersApproved: Number(stats.unapproved) === 0,
    relation: {
      isOwner: Boolean(viewer) && row.film.ownerId === userId,
      isAdmin: Boolean(viewer && isAdmin(viewer.roles)),
      isMember: membership !== null,
    },
  };
}

/**
 * The campaign if the viewer may perform `action` on it. Someone with no relation to the campaign
 * gets 404 (its existence is not revealed); a related viewer without the right gets 403.
 */
export async function requireCampaignAction(
  db: Db,
  viewer: Viewer,
  campaignId: string,
  action: CampaignAction,
  refusal?: string,
): Promise<CampaignAccess> {
  const access = await loadCampaignAccess(db, viewer, campaignId);
  if (!access || !mayPerform('view', access.relation)) throw notFound('Campaign not found');
  if (!mayPerform(action, access.relation)) throw forbidden(refusal);
  return access;
}
