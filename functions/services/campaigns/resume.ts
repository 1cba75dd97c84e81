import type { Viewer } from '../../auth/viewer';
import type { Services } from '../../platform/services';
import { applyTransition } from './transition';

/** A paused campaign returns to the status it was paused from. */
export async function resumeCampaign(ctx: Services, viewer: Viewer, campaignId: string) {
  const { campaign } = await applyTransition(ctx, viewer, campaignId, {
    verb: 'resume',
    action: 'resume',
    event: 'resumed',
    set: () => ({ pausedFrom: null }),
  });
  return campaign;
}
