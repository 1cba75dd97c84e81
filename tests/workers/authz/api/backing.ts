import { makeCampaign } from '../../campaign-factories';
import { everyone, type Fixture, type RouteExpectation, signedIn } from '../types';

/** A backer's own payments: anyone signed in gets theirs (none, here); signed out is 401. */
const expectations: RouteExpectation[] = [
  { route: 'GET /api/me/backing', expect: signedIn(200) },
  {
    route: 'GET /api/me/backing.csv',
    request: () => ({ path: '/api/me/backing.csv?year=2026' }),
    expect: signedIn(200),
  },
];
export default expectations;

/** Anyone may ask for a guest link; the answer is the same (202) for every caller. */
expectations.push({
  route: 'POST /api/payments/backing-link',
  request: () => ({
    path: '/api/payments/backing-link',
    body: { email: `link_${crypto.randomUUID().slice(0, 8)}@example.test` },
  }),
  expect: everyone(202),
});

/**
 * Following a public campaign (docs/backing.md, "Following"): anyone signed in, each for themselves;
 * signed out is 401. Unknown and non-public campaigns (404) are in tests/workers/follows.test.ts.
 */
const liveCampaign = async () => ({ campaignId: (await makeCampaign({ status: 'live' })).id });
const followPath = (_: unknown, f: Fixture) => ({ path: `/api/me/follows/${String(f.campaignId)}` });
expectations.push(
  { route: 'GET /api/me/follows', expect: signedIn(200) },
  { route: 'PUT /api/me/follows/:campaignId', setup: liveCampaign, request: followPath, expect: signedIn(200) },
  { route: 'DELETE /api/me/follows/:campaignId', setup: liveCampaign, request: followPath, expect: signedIn(200) },
);
