import { type Actor, authorize } from '../../auth/authorize';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { reviewingAdmins, sendApplicationNotification } from './internal/notify-admins';
import { applyTransition } from './internal/transition';

/** Draft → Pending Review, only when every member approved their share; every admin is told in the same batch. */
export async function submitCampaign(deps: Deps, actor: Actor, campaignId: string) {
  const viewer = authorize(actor, 'campaign.submit');
  const admins = await reviewingAdmins(deps.db, viewer.userId);
  const result = await applyTransition(deps, viewer, campaignId, {
    verb: 'submit',
    action: 'submit',
    event: 'submitted',
    teamRefusal: TEXT.allMustApprove,
    set: () => ({ submittedAt: new Date(), rejectionReason: null }),
    effects: (uow, bell, { campaign }) =>
      sendApplicationNotification(uow, bell, admins, {
        campaignId,
        campaignTitle: campaign.title,
        actorId: viewer.userId,
        action: 'campaign_submitted_for_approval',
      }),
  });
  return result.campaign;
}
