import { type Actor, authorize } from '../../auth/authorize';
import type { Deps } from '../../platform/deps';
import { applyTransition } from './internal/transition';

/** A paused campaign returns to the status it was paused from. */
export async function resumeCampaign(deps: Deps, actor: Actor, campaignId: string) {
  const viewer = authorize(actor, 'campaign.resume');
  const { campaign } = await applyTransition(deps, viewer, campaignId, {
    verb: 'resume',
    action: 'resume',
    event: 'resumed',
    set: () => ({ pausedFrom: null }),
  });
  return campaign;
}
