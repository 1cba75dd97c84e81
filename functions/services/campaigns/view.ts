import { type Actor, authorize } from '../../auth/authorize';
import type { Deps } from '../../platform/deps';
import { buildCampaignView } from './internal/view';
import { loadScopedCampaign } from './lib/access';

export type { CampaignJson, CampaignView, MilestoneView, PersonView, TeamMemberView } from './internal/view';

/** GET one campaign: owner, member or admin; anyone else gets 404. */
export async function getCampaignView({ db }: Deps, actor: Actor, campaignId: string) {
  const viewer = authorize(actor, 'campaign.view');
  const access = await loadScopedCampaign(db, viewer, campaignId);
  return buildCampaignView(db, viewer, access);
}
