import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Scope, Scoped } from '../../../auth/authorize';
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

/**
 * The campaigns a `team-or-admin` scope reads: those whose film the viewer owns or whose team has a row
 * for the viewer (an invitee included); every campaign for an admin.
 */
export function campaignScope(scope: Scope<'team-or-admin'>): SQL | undefined {
  if (scope.everything) return undefined;
  return or(
    eq(videos.contributorId, scope.userId),
    sql`exists (select 1 from ${campaignContributors} where ${campaignContributors.campaignId} = ${campaigns.id} and ${campaignContributors.contributorId} = ${scope.userId})`,
  );
}

/**
 * Loads a campaign with the viewer's relation to it; null when it does not exist, or lies outside
 * `scope` when one is given. Without a scope it is the read of anyone's page (the film page, a
 * payment, a screen deciding what to show): its callers decide from the relation.
 */
export async function loadCampaignAccess(
  db: Db,
  viewer: Viewer | null,
  campaignId: string,
  scope?: SQL,
): Promise<CampaignAccess | null> {
  const userId = viewer?.userId ?? '';
  // Not db.batch: D1's batch maps joined columns by name, and campaigns and videos share names.
  const [rows, mine, team, agreement] = await Promise.all([
    db
      .select({ campaign: campaigns, film: { id: videos.id, title: videos.title, ownerId: videos.contributorId } })
      .from(campaigns)
      .innerJoin(videos, eq(videos.id, campaigns.movieId))
      .where(and(eq(campaigns.id, campaignId), scope)),
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
      .where(
        and(
          eq(partnershipAgreements.campaignId, campaignId),
          eq(partnershipAgreements.userBId, userId),
          // A marketplace collaboration's agreement waiting for this invitation is not a join yet.
          ne(partnershipAgreements.status, 'awaiting_invitation'),
        ),
      ),
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
 * The campaign read inside the viewer's scope: someone with no relation to it gets 404, as for an id
 * that does not exist (its existence is not revealed).
 */
export async function loadScopedCampaign(
  db: Db,
  viewer: Scoped<'team-or-admin'>,
  campaignId: string,
): Promise<CampaignAccess> {
  const access = await loadCampaignAccess(db, viewer, campaignId, campaignScope(viewer.scope));
  if (!access) throw notFound('Campaign not found');
  return access;
}

/**
 * The campaign, read inside the viewer's scope, if the viewer may perform `action` on it: outside the
 * scope 404; a related viewer without the right 403.
 */
export async function requireCampaignAction(
  db: Db,
  viewer: Scoped<'team-or-admin'>,
  campaignId: string,
  action: CampaignAction,
  refusal?: string,
): Promise<CampaignAccess> {
  const access = await loadScopedCampaign(db, viewer, campaignId);
  if (!mayPerform(action, access.relation)) throw forbidden(refusal);
  return access;
}
