import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaignContributors } from '../../db/schema';
import { declineSchema } from '../../domain/campaigns/input';
import { conflict, notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { recordAgreementIfApproved } from '../agreements';
import { sendMessage } from '../messages';
import { notify } from '../notifications';
import { beginTeamChange } from './internal/team-change';
import { campaignScope, loadCampaignAccess } from './lib/access';
import { commitGuarded } from './lib/guarded-write';

/**
 * An invitee declines their own invitation: the row is deleted (the team's shares recomputed and
 * approvals reset), the owner is notified (decline_message, from the decliner) and, with a message,
 * receives it as a creator message titled 'Campaign Invitation Declined' — one batch.
 */
export async function declineInvitation(
  deps: Deps,
  actor: Actor,
  campaignId: string,
  input: { message?: string | null } = {},
): Promise<{ ownerId: string }> {
  const viewer = authorize(actor, 'invitation.respond');
  input = parseInput(declineSchema, input);
  const { db, bell } = deps;
  const access = await loadCampaignAccess(db, viewer, campaignId, campaignScope(viewer.scope));
  if (!access?.membership) throw notFound(TEXT.contributorInfoNotFound);
  const { membership: member, campaign, film } = access;
  if (member.approved) throw conflict(TEXT.unableToDecline);
  const text = input.message?.trim() ?? '';
  const who = viewer.username ?? member.username ?? 'A member';

  const { uow } = beginTeamChange(deps, viewer, access, {
    verb: 'declineInvitation',
    event: 'member_declined',
    reason: text ? `${who} declined: ${text}` : `${who} declined`,
    contributorCount: access.memberCount - 1,
    exceptMemberId: member.id,
  });
  uow.add(
    db
      .delete(campaignContributors)
      .where(and(eq(campaignContributors.id, member.id), eq(campaignContributors.contributorId, viewer.userId))),
    ...recordAgreementIfApproved(db, campaignId),
  );
  notify(uow, bell, {
    userId: film.ownerId,
    type: 'decline_message',
    title: TEXT.declineSubject,
    message: text
      ? `${who} declined your invitation to "${campaign.title}": ${text}`
      : `${who} declined your invitation to "${campaign.title}".`,
    campaignId,
    actorId: viewer.userId,
  });
  if (text)
    sendMessage(uow, bell, {
      senderId: viewer.userId,
      recipientId: film.ownerId,
      subject: `${TEXT.declineSubject}: ${campaign.title}`,
      message: text,
    });
  await commitGuarded(uow);
  return { ownerId: film.ownerId };
}
