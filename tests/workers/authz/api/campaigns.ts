import type { CampaignStatus } from '../../../../functions/domain/campaigns/status';
import { inDays, makeCampaign, makeFilm } from '../../campaign-factories';
import { makeUser, type TestUser } from '../../factories';
import type { Fixture, Outcomes, RouteExpectation } from '../types';

/**
 * Campaign routes. Each row's setup makes a fresh campaign owned by `owner` (a creator) with
 * `member` on its team; the plain actors have no relation to it: a viewer, a user, another
 * contributor and an editor get 404 (the campaign is not revealed), the admin what admins may do.
 */
let people: Promise<{ owner: TestUser; member: TestUser; outsider: TestUser }> | undefined;
const shared = () => {
  people ??= (async () => ({
    owner: await makeUser(['contributor'], 'owner'),
    member: await makeUser([], 'member'),
    outsider: await makeUser([], 'outsider'),
  }))();
  return people;
};

/** A campaign in `status` owned by the shared owner, the shared member on its team. */
export const campaignSetup =
  (status: CampaignStatus = 'active', memberApproved = true) =>
  async (): Promise<Fixture> => {
    const { owner, member, outsider } = await shared();
    const c = await makeCampaign({ owner, status, members: [{ user: member, approved: memberApproved }] });
    return {
      owner,
      member,
      campaignId: c.id,
      movieId: c.movieId,
      memberId: c.members[0]?.memberId,
      outsiderId: outsider.id,
    };
  };

/** 404 for everyone unrelated (signed out: 401); the listed columns as given. */
const related = (o: { admin: number; owner: number; member: number }): Outcomes => ({
  anonymous: 401,
  viewer: 404,
  user: 404,
  contributor: 404,
  editor: 404,
  ...o,
});

/** An admin-only action: refused on the verb's first line (403) to anyone signed in but an admin. */
const adminOnly: Outcomes = {
  anonymous: 401,
  viewer: 403,
  user: 403,
  contributor: 403,
  editor: 403,
  admin: 200,
  owner: 403,
  member: 403,
};

const at =
  (suffix = '') =>
  (_a: TestUser | null, f: Fixture) => ({ path: `/api/campaigns/${f.campaignId}${suffix}` });
const post =
  (suffix: string, body: unknown = {}) =>
  (_a: TestUser | null, f: Fixture) => ({
    path: `/api/campaigns/${f.campaignId}${suffix}`,
    body,
  });

const expectations: RouteExpectation[] = [
  {
    route: 'GET /api/campaigns/mine',
    setup: campaignSetup(),
    expect: {
      anonymous: 401,
      viewer: 200,
      user: 200,
      contributor: 200,
      editor: 200,
      admin: 200,
      owner: 200,
      member: 200,
    },
  },
  {
    route: 'GET /api/campaigns/review-queue',
    setup: campaignSetup('pending_approval'),
    expect: {
      anonymous: 401,
      viewer: 403,
      user: 403,
      contributor: 403,
      editor: 403,
      admin: 200,
      owner: 403,
      member: 403,
    },
  },
  {
    // A film of the owner without a campaign: only its owner and admins may start one.
    route: 'POST /api/campaigns',
    setup: async () => {
      const { owner, member } = await shared();
      return { owner, member, movieId: await makeFilm(owner.id) };
    },
    request: (_a, f) => ({
      path: '/api/campaigns',
      body: { movieId: f.movieId, title: 'Matrix', goalAmount: 200_000, endDate: inDays(10) },
    }),
    expect: {
      anonymous: 401,
      viewer: 403,
      user: 403,
      contributor: 403,
      editor: 403,
      admin: 201,
      owner: 201,
      member: 403,
    },
  },
  {
    route: 'GET /api/campaigns/:id',
    setup: campaignSetup(),
    request: at(),
    expect: related({ admin: 200, owner: 200, member: 200 }),
  },
  {
    route: 'PATCH /api/campaigns/:id',
    setup: campaignSetup(),
    request: post('', { description: 'Edited in the matrix' }),
    expect: related({ admin: 200, owner: 200, member: 403 }),
  },
  {
    route: 'DELETE /api/campaigns/:id',
    setup: campaignSetup(),
    request: at(),
    expect: related({ admin: 200, owner: 200, member: 403 }),
  },
  {
    route: 'PATCH /api/campaigns/:id/coins',
    setup: campaignSetup(),
    request: post('/coins', { creatorCoinSymbol: 'reel', creatorCoinPrice: 2500, creatorCoinsEnabled: true }),
    expect: adminOnly,
  },
  {
    route: 'POST /api/campaigns/:id/submit',
    setup: campaignSetup('active'),
    request: post('/submit'),
    expect: related({ admin: 200, owner: 200, member: 403 }),
  },
  {
    route: 'POST /api/campaigns/:id/approve',
    setup: campaignSetup('pending_approval'),
    request: post('/approve'),
    expect: adminOnly,
  },
  {
    route: 'POST /api/campaigns/:id/reject',
    setup: campaignSetup('pending_approval'),
    request: post('/reject', { reason: 'The goal is not explained' }),
    expect: adminOnly,
  },
  {
    route: 'POST /api/campaigns/:id/launch',
    setup: campaignSetup('approved'),
    request: post('/launch'),
    expect: related({ admin: 403, owner: 200, member: 403 }),
  },
  {
    route: 'POST /api/campaigns/:id/pause',
    setup: campaignSetup('live'),
    request: post('/pause'),
    expect: related({ admin: 200, owner: 200, member: 403 }),
  },
  {
    route: 'POST /api/campaigns/:id/resume',
    setup: campaignSetup('paused'),
    request: post('/resume'),
    expect: related({ admin: 200, owner: 200, member: 403 }),
  },
  {
    route: 'POST /api/campaigns/:id/status',
    setup: campaignSetup('live'),
    request: post('/status', { status: 'cancelled' }),
    expect: adminOnly,
  },
  {
    route: 'GET /api/campaigns/:id/candidates',
    setup: campaignSetup(),
    request: at('/candidates?q=out'),
    expect: related({ admin: 200, owner: 200, member: 403 }),
  },
  {
    route: 'POST /api/campaigns/:id/members',
    setup: campaignSetup(),
    request: (_a, f) => ({
      path: `/api/campaigns/${f.campaignId}/members`,
      body: { userId: f.outsiderId, role: 'Sound' },
    }),
    expect: related({ admin: 201, owner: 201, member: 403 }),
  },
  {
    route: 'DELETE /api/campaigns/:id/members/:memberId',
    setup: campaignSetup(),
    request: (_a, f) => ({ path: `/api/campaigns/${f.campaignId}/members/${f.memberId}` }),
    expect: related({ admin: 200, owner: 200, member: 403 }),
  },
  {
    // Only the invitee acts on their invitation; nobody else has one here.
    route: 'POST /api/campaigns/:id/invitation/accept',
    setup: campaignSetup('active', false),
    request: post('/invitation/accept'),
    expect: related({ admin: 404, owner: 404, member: 200 }),
  },
  {
    route: 'POST /api/campaigns/:id/invitation/decline',
    setup: campaignSetup('active', false),
    request: post('/invitation/decline', { message: 'No, thank you' }),
    expect: related({ admin: 404, owner: 404, member: 200 }),
  },
  {
    // An approved film's team is public.
    route: 'GET /api/films/:movieId/team',
    setup: campaignSetup('live'),
    request: (_a, f) => ({ path: `/api/films/${f.movieId}/team` }),
    expect: {
      anonymous: 200,
      viewer: 200,
      user: 200,
      contributor: 200,
      editor: 200,
      admin: 200,
      owner: 200,
      member: 200,
    },
  },
];
export default expectations;
