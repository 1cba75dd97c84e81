import { and, eq, notInArray } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaignContributors, profiles } from '../../db/schema';
import { candidatesQuery } from '../../domain/campaigns/input';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { byUsername, startsFirst, usernameContains } from '../users';
import { requireCampaignAction } from './lib/access';

const CANDIDATE_LIMIT = 10;

/**
 * Users the film owner or an admin can invite: the text anywhere in the username (in any case),
 * names that start with it first; never the owner or current members.
 */
export async function searchCandidates({ db }: Deps, actor: Actor, campaignId: string, q: string) {
  const viewer = authorize(actor, 'campaign.manage-team');
  ({ q } = parseInput(candidatesQuery, { q }));
  const access = await requireCampaignAction(db, viewer, campaignId, 'manageTeam');
  const match = usernameContains(q);
  if (!match) return [];
  const members = await db
    .select({ id: campaignContributors.contributorId })
    .from(campaignContributors)
    .where(eq(campaignContributors.campaignId, campaignId));
  const excluded = [access.film.ownerId, ...members.map((m) => m.id)];
  return db
    .select({ userId: profiles.userId, username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(and(match, notInArray(profiles.userId, excluded)))
    .orderBy(startsFirst(q), byUsername)
    .limit(CANDIDATE_LIMIT);
}
