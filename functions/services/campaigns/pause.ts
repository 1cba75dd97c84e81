import { type Actor, authorize } from '../../auth/authorize';
import type { Deps } from '../../platform/deps';
import { applyTransition } from './internal/transition';

/** Pause from any status but under review, completed, cancelled (and not twice); remembers where from. */
export async function pauseCampaign(deps: Deps, actor: Actor, campaignId: string) {
  const viewer = authorize(actor, 'campaign.pause');
  const { campaign } = await applyTransition(deps, viewer, campaignId, {
    verb: 'pause',
    action: 'pause',
    event: 'paused',
    set: ({ campaign }) => ({ pausedFrom: campaign.status }),
  });
  return campaign;
}
