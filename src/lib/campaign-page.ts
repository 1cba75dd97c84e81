import type { Deps } from '../../functions/platform/deps';
import { type CampaignScreen, loadCampaignScreen, type ScreenLoad } from '../../functions/services/campaigns';
import { viewerOf } from './viewer';

/**
 * Server side of a campaign page: who is asking (resolved by the worker), what the id names, and
 * what this viewer gets. A signed-out request never reaches here (the worker sends it
 * to /auth).
 */
export async function loadCampaignPage(
  request: Request,
  deps: Deps,
  id: string,
  screen: CampaignScreen,
  adminMode: boolean,
): Promise<ScreenLoad | { kind: 'sign-in' }> {
  const viewer = viewerOf(request);
  if (!viewer) return { kind: 'sign-in' };
  return loadCampaignScreen(deps, viewer, id, screen, adminMode);
}
