import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/viewer';
import { campaignContributors, profiles } from '../../db/schema';
import type { ServiceContext } from '../context';
import { requireCampaignAction } from './access';

export const CANDIDATE_LIMIT = 10;

/**
 * Users the film owner or an admin can invite: usernames starting with the trimmed text, compared
 * case-insensitively (the lower(username) index serves it), without the owner and current members.
 */
export async function searchCandidates({ db }: ServiceContext, viewer: Viewer, campaignId: string, q: string) {
  const access = await requireCampaignAction(db, viewer, campaignId, 'manageTeam');
  const text = q.trim().toLowerCase();
  if (!text) return [];
  const members = await db
    .select({ id: campaignContributors.contributorId })
    .from(campaignContributors)
    .where(eq(campaignContributors.campaignId, campaignId));
  const excluded = [access.film.ownerId, ...members.map((m) => m.id)];
  const lower = sql`lower(${profiles.username})`;
  return db
    .select({ userId: profiles.userId, username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(and(sql`${lower} >= ${text}`, sql`${lower} < ${`${text}\uffff`}`, notInArray(profiles.userId, excluded)))
    .orderBy(asc(lower))
    .limit(CANDIDATE_LIMIT);
}
