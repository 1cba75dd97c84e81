import { type Actor, authorize } from '../../auth/authorize';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { applyTransition } from './internal/transition';

/** Approved → live, by the film owner only (admins included: they are not the originator). */
export async function launchCampaign(deps: Deps, actor: Actor, campaignId: string) {
  const viewer = authorize(actor, 'campaign.launch');
  const { campaign } = await applyTransition(deps, viewer, campaignId, {
    verb: 'launch',
    action: 'launch',
    event: 'launched',
    refusal: TEXT.onlyOriginatorLaunches,
    teamRefusal: TEXT.allMustApproveForLaunch,
  });
  return campaign;
}
