import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaignContributors, partnershipAgreements, userRoles } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { acceptSchema } from '../../domain/campaigns/input';
import { canAcceptInvitation } from '../../domain/campaigns/status';
import { conflict, notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { TEXT } from '../../domain/texts';
import { isContributor } from '../../domain/users/roles';
import type { Deps } from '../../platform/deps';
import { recordAgreementIfApproved } from '../agreements';
import { notify } from '../notifications';
import { campaignChanged } from './internal/changed';
import { campaignScope, loadCampaignAccess, type MemberRow } from './lib/access';
import { commitGuarded, historyRow, memberWon, newRevision } from './lib/guarded-write';

/**
 * An invitee approves their own share ("Approve & Join"). The server finds them by their team row,
 * never by the address. The first time, the partnership agreement (both agreed) is written and a
 * member below contributor is granted the contributor role — all in one batch with the approval.
 * `expectedSharePermille` (the share the invitee saw) makes the approval fail if it changed since.
 */
export async function acceptInvitation(
  deps: Deps,
  actor: Actor,
  campaignId: string,
  input: { expectedSharePermille?: number } = {},
): Promise<{ member: MemberRow; joined: boolean }> {
  const viewer = authorize(actor, 'invitation.respond');
  input = parseInput(acceptSchema, input);
  const { db, bell } = deps;
  const access = await loadCampaignAccess(db, viewer, campaignId, campaignScope(viewer.scope));
  if (!access?.membership) throw notFound(TEXT.contributorInfoNotFound);
  const { membership: member, campaign, film } = access;
  if (!canAcceptInvitation(campaign.status)) throw conflict(TEXT.invitationCancelled);
  if (member.approved) return { member, joined: false };
  if (campaign.extensionPending) throw conflict(TEXT.voteTeamLocked);
  if (input.expectedSharePermille !== undefined && input.expectedSharePermille !== member.sharePermille)
    throw conflict(TEXT.shareChanged);

  const joined = !access.hasAgreement;
  const now = new Date();
  const revision = newRevision();
  const uow = new UnitOfWork(deps, viewer);
  uow.add(
    db
      .update(campaignContributors)
      .set({ approved: true, approvedAt: now, revision })
      .where(
        and(
          eq(campaignContributors.id, member.id),
          eq(campaignContributors.contributorId, viewer.userId),
          eq(campaignContributors.approved, false),
          eq(campaignContributors.sharePermille, member.sharePermille),
        ),
      )
      .returning(),
    historyRow(db, {
      campaignId,
      actorId: viewer.userId,
      event: joined ? 'member_joined' : 'share_approved',
      fromStatus: campaign.status,
      toStatus: memberWon(member.id, revision),
      reason: `${viewer.username ?? member.username ?? TEXT.unknownContributor} approved ${(member.sharePermille / 10).toFixed(1)}%`,
    }),
  );
  if (joined) {
    uow.add(
      db
        .insert(partnershipAgreements)
        .values({
          userAId: film.ownerId,
          userBId: viewer.userId,
          campaignId,
          projectTitle: campaign.title,
          projectDescription: campaign.description,
          collaborationType: 'campaign_collaboration',
          status: 'active',
          userAAgreed: true,
          userBAgreed: true,
          bothAgreedAt: now,
        })
        // A marketplace collaboration naming this campaign wrote its row when both sides agreed
        // ('awaiting_invitation'): joining completes that row rather than writing a second one.
        .onConflictDoUpdate({
          target: [partnershipAgreements.campaignId, partnershipAgreements.userBId],
          set: { status: 'active' },
          setWhere: eq(partnershipAgreements.status, 'awaiting_invitation'),
        }),
    );
    if (!isContributor(viewer.roles)) {
      uow.add(db.insert(userRoles).values({ userId: viewer.userId, role: 'contributor' }).onConflictDoNothing());
      uow.audit({
        verb: 'acceptInvitation',
        resourceType: 'user',
        resourceId: viewer.userId,
        summary: `Role contributor granted on joining “${campaign.title}”`,
      });
    }
  }
  // The last approval of a proposal makes it the next agreed version, in this batch.
  uow.add(...recordAgreementIfApproved(db, campaignId));
  notify(uow, bell, {
    userId: film.ownerId,
    type: 'success',
    title: joined ? 'A member joined your campaign' : 'Revenue share approved',
    message: joined
      ? `${viewer.username ?? 'A member'} joined "${campaign.title}".`
      : `${viewer.username ?? 'A member'} approved their share of "${campaign.title}".`,
    campaignId,
    actorId: viewer.userId,
  });
  campaignChanged(uow, {
    verb: 'acceptInvitation',
    campaignId,
    summary: `“${campaign.title}”: ${viewer.username ?? member.username ?? TEXT.unknownContributor} approved ${(member.sharePermille / 10).toFixed(1)}%`,
  });
  const [rows] = (await commitGuarded(uow, TEXT.shareChanged)) as [MemberRow[]];
  return { member: rows[0] as MemberRow, joined };
}
