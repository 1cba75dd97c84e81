import { type Actor, authorize } from '../../auth/authorize';
import { rejectSchema } from '../../domain/campaigns/input';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { notify } from '../notifications';
import { applyTransition } from './internal/transition';

/** An admin rejects a campaign under review, with a reason the owner is told. */
export async function rejectCampaign(deps: Deps, actor: Actor, campaignId: string, reason: string) {
  const viewer = authorize(actor, 'campaign.reject');
  ({ reason } = parseInput(rejectSchema, { reason }));
  const { campaign } = await applyTransition(deps, viewer, campaignId, {
    verb: 'reject',
    action: 'reject',
    event: 'rejected',
    reason,
    set: () => ({ rejectionReason: reason, reviewReturnsTo: null, needsAdminReapproval: false }),
    effects: (uow, bell, { campaign, film }) =>
      notify(uow, bell, {
        userId: film.ownerId,
        type: 'info',
        title: 'Campaign rejected',
        message: `"${campaign.title}" was not approved: ${reason}`,
        campaignId,
        actorId: viewer.userId,
      }),
  });
  return campaign;
}
