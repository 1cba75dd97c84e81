import { describe, expect, it } from 'vitest';
import type { Relation } from '../../functions/domain/campaigns/status';
import { TEXT } from '../../functions/domain/texts';
import type { Role } from '../../functions/domain/users/roles';
import { type CampaignScreen, decideScreen } from '../../functions/services/campaigns/internal/screen-decision';

const film = { id: 'film', title: 'F', ownerId: 'owner' };
const none: Relation = { isOwner: false, isAdmin: false, isMember: false };
const base = (over: Partial<Parameters<typeof decideScreen>[0]> = {}) =>
  decideScreen({
    screen: 'settings',
    adminMode: false,
    roles: ['viewer', 'contributor'],
    target: { campaignId: 'c1', film },
    relation: none,
    viewerId: 'someone',
    ...over,
  });

describe('campaign screens: who sees what', () => {
  it('settings of something that does not exist → /contributor with the toast; progress shows Campaign Not Found, team Video Not Found', () => {
    expect(base({ target: null })).toEqual({
      kind: 'redirect',
      to: '/contributor',
      toast: TEXT.videoOrCampaignNotFound,
    });
    expect(base({ target: null, screen: 'team' })).toEqual({ kind: 'not-found', state: 'video' });
    expect(base({ target: null, screen: 'progress' })).toEqual({ kind: 'not-found', state: 'campaign' });
    expect(base({ target: { campaignId: null, film }, screen: 'progress', viewerId: 'owner' })).toEqual({
      kind: 'not-found',
      state: 'campaign',
    });
  });

  it('a film without a campaign: its owner (or an admin on /admin) creates one', () => {
    const target = { campaignId: null, film };
    expect(base({ target, viewerId: 'owner' })).toEqual({ kind: 'create', film });
    expect(base({ target, adminMode: true, roles: ['viewer', 'admin'] })).toEqual({ kind: 'create', film });
    expect(base({ target, roles: ['viewer', 'admin'] })).toEqual({
      kind: 'redirect',
      to: '/contributor',
      toast: TEXT.editOwnOnly,
    });
    expect(base({ target })).toEqual({ kind: 'redirect', to: '/contributor', toast: TEXT.editOwnOnly });
    expect(base({ target, roles: ['viewer'] })).toEqual({ kind: 'redirect', to: '/' });
  });

  const cases: [string, { roles: Role[]; relation: Relation; adminMode?: boolean }, Record<CampaignScreen, string>][] =
    [
      [
        'owner',
        { roles: ['viewer', 'contributor'], relation: { ...none, isOwner: true } },
        { settings: 'campaign', progress: 'campaign', team: 'campaign' },
      ],
      [
        'admin on /admin',
        { roles: ['viewer', 'admin'], relation: { ...none, isAdmin: true }, adminMode: true },
        { settings: 'campaign', progress: 'campaign', team: 'campaign' },
      ],
      [
        'admin on /contributor',
        { roles: ['viewer', 'admin'], relation: { ...none, isAdmin: true } },
        { settings: 'edit-own', progress: 'view-own', team: 'edit-own' },
      ],
      [
        'invitee who is a viewer',
        { roles: ['viewer'], relation: { ...none, isMember: true } },
        { settings: 'campaign', progress: 'campaign', team: 'home' },
      ],
      [
        'invitee who is a creator',
        { roles: ['viewer', 'contributor'], relation: { ...none, isMember: true } },
        { settings: 'campaign', progress: 'campaign', team: 'edit-own' },
      ],
      [
        'another creator',
        { roles: ['viewer', 'contributor'], relation: none },
        { settings: 'edit-own', progress: 'view-own', team: 'edit-own' },
      ],
      [
        'an editor',
        { roles: ['viewer', 'editor'], relation: none },
        { settings: 'home', progress: 'home', team: 'home' },
      ],
      [
        'a viewer on /admin (the path grants nothing)',
        { roles: ['viewer'], relation: none, adminMode: true },
        { settings: 'home', progress: 'home', team: 'home' },
      ],
    ];
  const outcome = {
    campaign: { kind: 'campaign', campaignId: 'c1' },
    'edit-own': { kind: 'redirect', to: '/contributor', toast: TEXT.editOwnOnly },
    'view-own': { kind: 'redirect', to: '/contributor', toast: TEXT.viewOwnOnly },
    home: { kind: 'redirect', to: '/' },
  } as Record<string, unknown>;
  for (const [who, over, expected] of cases)
    for (const screen of ['settings', 'progress', 'team'] as const)
      it(`${who} on ${screen} → ${expected[screen]}`, () => {
        expect(base({ ...over, screen })).toEqual(outcome[expected[screen]]);
      });
});
