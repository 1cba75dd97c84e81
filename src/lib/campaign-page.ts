import type { Services } from '../../functions/platform/services';
import { type CampaignScreen, loadCampaignScreen, type ScreenLoad } from '../../functions/services/campaigns';
import { viewerOf } from './viewer';

/**
 * Server side of a campaign page: who is asking (resolved by the worker), what the id names, and
 * what this viewer gets. A signed-out request never reaches here (the worker sends it
 * to /auth).
 */
export async function loadCampaignPage(
  request: Request,
  services: Services,
  id: string,
  screen: CampaignScreen,
  adminMode: boolean,
): Promise<ScreenLoad | { kind: 'sign-in' }> {
  const viewer = viewerOf(request);
  if (!viewer) return { kind: 'sign-in' };
  return loadCampaignScreen(services, viewer, id, screen, adminMode);
}
