import type { Relation } from '../../../domain/campaigns/status';
import { TEXT } from '../../../domain/texts';
import { isAdmin, isContributor, type Role } from '../../../domain/users/roles';
import type { FilmRef } from '../lib/access';

/** The campaign screens: settings (create/edit), progress, and team management. */
export type CampaignScreen = 'settings' | 'progress' | 'team';

export type ScreenDecision =
  | { kind: 'redirect'; to: string; toast?: string }
  | { kind: 'not-found'; state: 'campaign' | 'video' }
  | { kind: 'create'; film: FilmRef }
  | { kind: 'campaign'; campaignId: string };

export interface ScreenInput {
  screen: CampaignScreen;
  /** The path has /admin (a display mode; it grants nothing without the admin role). */
  adminMode: boolean;
  roles: readonly Role[];
  /** What the id named: null when neither a campaign nor a film. */
  target: { campaignId: string | null; film: FilmRef | null } | null;
  /** The viewer's relation to the campaign (when there is one). */
  relation: Relation | null;
  viewerId: string;
}

/**
 * Who sees what on the campaign screens. Settings: not found → /contributor with 'Video or campaign
 * not found'. Progress: the 'Campaign Not Found' state. Team (a film's contributors): 'Video Not Found'. The film owner, an admin on an /admin path
 * and an invitee (a team row) may look; anyone else who is a creator goes back to /contributor with
 * 'You can only edit/view campaigns for your own movies'; a non-creator goes home.
 */
export function decideScreen(input: ScreenInput): ScreenDecision {
  const { screen, target, relation } = input;
  if (!target || (!target.campaignId && !target.film)) {
    if (screen === 'progress') return { kind: 'not-found', state: 'campaign' };
    if (screen === 'team') return { kind: 'not-found', state: 'video' };
    return { kind: 'redirect', to: '/contributor', toast: TEXT.videoOrCampaignNotFound };
  }
  const admin = input.adminMode && isAdmin(input.roles);
  const refuse = (): ScreenDecision =>
    isContributor(input.roles)
      ? { kind: 'redirect', to: '/contributor', toast: screen === 'progress' ? TEXT.viewOwnOnly : TEXT.editOwnOnly }
      : { kind: 'redirect', to: '/' };

  if (!target.campaignId) {
    if (screen === 'progress') return { kind: 'not-found', state: 'campaign' };
    const film = target.film as FilmRef;
    return film.ownerId === input.viewerId || admin ? { kind: 'create', film } : refuse();
  }
  const r = relation ?? { isOwner: false, isAdmin: false, isMember: false };
  if (r.isOwner || admin) return { kind: 'campaign', campaignId: target.campaignId };
  // An invitee sees the campaign and acts on their own invitation; managing the team is not theirs.
  if (r.isMember && screen !== 'team') return { kind: 'campaign', campaignId: target.campaignId };
  return refuse();
}
