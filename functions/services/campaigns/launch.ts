import type { Viewer } from '../../auth/viewer';
import { MSG } from '../../lib/messages';
import type { Services } from '../../platform/services';
import { applyTransition } from './transition';

/** Approved → live, by the film owner only (admins included: they are not the originator). */
export async function launchCampaign(ctx: Services, viewer: Viewer, campaignId: string) {
  const { campaign } = await applyTransition(ctx, viewer, campaignId, {
    verb: 'launch',
    action: 'launch',
    event: 'launched',
    refusal: MSG.onlyOriginatorLaunches,
    teamRefusal: MSG.allMustApproveForLaunch,
  });
  return campaign;
}
