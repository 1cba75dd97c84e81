import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaignContributors } from '../../db/schema';
import { canChangeTeam } from '../../domain/campaigns/status';
import { conflict, notFound } from '../../domain/errors';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { recordAgreementIfApproved } from '../agreements';
import { notify } from '../notifications';
import { beginTeamChange } from './internal/team-change';
import { requireCampaignAction } from './lib/access';
import { commitGuarded } from './lib/guarded-write';

/** The film owner or an admin removes a member: shares recomputed, approvals reset, one batch. */
export async function removeMember(deps: Deps, actor: Actor, campaignId: string, memberId: string) {
  const viewer = authorize(actor, 'campaign.manage-team');
  const { db, bell } = deps;
  const access = await requireCampaignAction(db, viewer, campaignId, 'manageTeam');
  const team = await db
    .select()
    .from(campaignContributors)
    .where(eq(campaignContributors.campaignId, campaignId))
    .all();
  const member = team.find((m) => m.id === memberId);
  if (!member) throw notFound('Team member not found');
  if (!canChangeTeam(access.campaign.status)) throw conflict(TEXT.teamLocked);

  const { uow } = beginTeamChange(deps, viewer, access, {
    verb: 'removeMember',
    event: 'member_removed',
    reason: `${member.username ?? TEXT.unknownContributor} removed`,
    contributorCount: team.length - 1,
    exceptMemberId: memberId,
  });
  uow.add(
    db
      .delete(campaignContributors)
      .where(and(eq(campaignContributors.id, memberId), eq(campaignContributors.campaignId, campaignId))),
    ...recordAgreementIfApproved(db, campaignId),
  );
  notify(uow, bell, {
    userId: member.contributorId,
    type: 'info',
    title: 'Removed from a campaign team',
    message: `You are no longer on the team of "${access.campaign.title}".`,
    campaignId,
    actorId: viewer.userId,
  });
  await commitGuarded(uow);
  return { id: memberId };
}
