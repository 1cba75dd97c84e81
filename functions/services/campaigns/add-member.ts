import { eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaignContributors, profiles } from '../../db/schema';
import { addMemberSchema } from '../../domain/campaigns/input';
import { MAX_TEAM_SIZE } from '../../domain/campaigns/shares';
import { canChangeTeam } from '../../domain/campaigns/status';
import { badRequest, conflict, notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { notify } from '../notifications';
import { beginTeamChange } from './internal/team-change';
import { type MemberRow, requireCampaignAction } from './lib/access';
import { commitGuarded, isUniqueViolation } from './lib/guarded-write';

const DEFAULT_MEMBER_ROLE = 'Contributor';

/**
 * The film owner or an admin invites a user to the team: the row starts unapproved, every share is
 * recomputed and every approval reset, and the invitee is notified (team_invitation) — one batch.
 */
export async function addMember(
  deps: Deps,
  actor: Actor,
  campaignId: string,
  input: { userId?: string | null; role?: string | null },
): Promise<MemberRow> {
  const viewer = authorize(actor, 'campaign.manage-team');
  input = parseInput(addMemberSchema, input);
  const { db, bell } = deps;
  const access = await requireCampaignAction(db, viewer, campaignId, 'manageTeam');
  const userId = input.userId?.trim();
  if (!userId) throw badRequest(TEXT.selectUser);
  if (!canChangeTeam(access.campaign.status)) throw conflict(TEXT.teamLocked);
  if (userId === access.film.ownerId) throw conflict(TEXT.ownerIsOriginator);
  const invitee = await db
    .select({ username: profiles.username })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .get();
  if (!invitee) throw notFound('User not found');
  const already = await db
    .select({ id: campaignContributors.id })
    .from(campaignContributors)
    .where(eq(campaignContributors.campaignId, campaignId))
    .all();
  // The originator, the members already there and the new one.
  if (already.length + 2 > MAX_TEAM_SIZE) throw conflict(TEXT.teamFull);

  const role = input.role?.trim() || DEFAULT_MEMBER_ROLE;
  const memberId = crypto.randomUUID();
  const { uow, shares } = beginTeamChange(deps, viewer, access, {
    verb: 'addMember',
    event: 'member_added',
    reason: `${invitee.username} invited as ${role}`,
    contributorCount: already.length + 1,
  });
  uow.add(
    db
      .insert(campaignContributors)
      .values({
        id: memberId,
        campaignId,
        contributorId: userId,
        sharePermille: shares.contributorPermille,
        role,
        approved: false,
        invitedBy: viewer.userId,
        username: invitee.username,
      })
      .returning(),
  );
  notify(uow, bell, {
    userId,
    type: 'team_invitation',
    title: 'Campaign invitation',
    message: `${viewer.username ?? 'A creator'} invited you to join "${access.campaign.title}" as ${role}.`,
    campaignId,
    actorId: viewer.userId,
  });
  try {
    const results = await commitGuarded(uow);
    return (results[3] as MemberRow[])[0] as MemberRow;
  } catch (err) {
    if (isUniqueViolation(err, 'campaign_contributors')) throw conflict(TEXT.alreadyMember);
    throw err;
  }
}
