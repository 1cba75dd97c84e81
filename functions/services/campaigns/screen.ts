import { type Actor, authorize } from '../../auth/authorize';
import type { Deps } from '../../platform/deps';
import { type CampaignScreen, decideScreen, type ScreenDecision } from './internal/screen-decision';
import { buildCampaignView, type CampaignView, resolveCampaignOrFilm } from './internal/view';
import { type CampaignAccess, type FilmRef, loadCampaignAccess } from './lib/access';

export type { CampaignScreen, ScreenDecision } from './internal/screen-decision';

export type ScreenLoad =
  | Exclude<ScreenDecision, { kind: 'campaign' }>
  | { kind: 'campaign'; campaignId: string; view: CampaignView };

/** Resolves the id (campaign first, then film), decides, and loads the view the screen shows. */
export async function loadCampaignScreen(
  { db }: Deps,
  actor: Actor,
  id: string,
  screen: CampaignScreen,
  adminMode: boolean,
): Promise<ScreenLoad> {
  const viewer = authorize(actor, 'campaign.open-screen');
  const resolved = await resolveCampaignOrFilm(db, id);
  let access: CampaignAccess | null = null;
  let film: FilmRef | null = null;
  if (resolved?.campaignId) {
    access = await loadCampaignAccess(db, viewer, resolved.campaignId);
    film = access?.film ?? null;
  } else if (resolved?.film) {
    film = { id: resolved.film.movieId, title: resolved.film.title, ownerId: resolved.film.ownerId };
  }
  const decision = decideScreen({
    screen,
    adminMode,
    roles: viewer.roles,
    target: resolved ? { campaignId: access ? resolved.campaignId : null, film } : null,
    relation: access?.relation ?? null,
    viewerId: viewer.userId,
  });
  if (decision.kind !== 'campaign' || !access) return decision as Exclude<ScreenDecision, { kind: 'campaign' }>;
  return { ...decision, view: await buildCampaignView(db, viewer, access) };
}
