import { type Actor, authorize } from '../../auth/authorize';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { notify } from '../notifications';
import { applyTransition } from './internal/transition';

/**
 * An admin approves a campaign under review: a first review makes it approved; a campaign that
 * went back to review (an edit while live, an extension) returns to where it was. The owner is told.
 */
export async function approveCampaign(deps: Deps, actor: Actor, campaignId: string) {
  const viewer = authorize(actor, 'campaign.approve');
  const { campaign } = await applyTransition(deps, viewer, campaignId, {
    verb: 'approve',
    action: 'approve',
    event: 'approved',
    teamRefusal: TEXT.allMustApproveForApproval,
    set: () => ({
      reviewReturnsTo: null,
      needsAdminReapproval: false,
      changedFields: null,
      previousValues: null,
      changeSummary: null,
      rejectionReason: null,
      extensionPending: false,
    }),
    effects: (uow, bell, { campaign, film }, to) =>
      notify(uow, bell, {
        userId: film.ownerId,
        type: 'success',
        title: 'Campaign approved',
        message:
          to === 'live'
            ? `Your changes to "${campaign.title}" were approved. The campaign is live again.`
            : `"${campaign.title}" was approved. You can launch it now.`,
        campaignId,
        actorId: viewer.userId,
      }),
  });
  return campaign;
}
