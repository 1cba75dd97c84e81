import type { Viewer } from '../../auth/viewer';
import type { Services } from '../../platform/services';
import { applyTransition } from './transition';

/** Pause from any status but under review, completed, cancelled (and not twice); remembers where from. */
export async function pauseCampaign(ctx: Services, viewer: Viewer, campaignId: string) {
  const { campaign } = await applyTransition(ctx, viewer, campaignId, {
    verb: 'pause',
    action: 'pause',
    event: 'paused',
    set: ({ campaign }) => ({ pausedFrom: campaign.status }),
  });
  return campaign;
}
