import { type Actor, authorize } from '../../auth/authorize';
import { mayPerform } from '../../domain/campaigns/status';
import { notFound } from '../../domain/errors';
import type { Deps } from '../../platform/deps';
import { buildCampaignView } from './internal/view';
import { loadCampaignAccess } from './lib/access';

export type { CampaignJson, CampaignView, MilestoneView, PersonView, TeamMemberView } from './internal/view';

/** GET one campaign: owner, member or admin; anyone else gets 404. */
export async function getCampaignView({ db }: Deps, actor: Actor, campaignId: string) {
  const viewer = authorize(actor, 'campaign.view');
  const access = await loadCampaignAccess(db, viewer, campaignId);
  if (!access || !mayPerform('view', access.relation)) throw notFound('Campaign not found');
  return buildCampaignView(db, viewer, access);
}
