import type { Fixture, Outcomes, RouteExpectation } from '../types';
import { campaignSetup } from './campaigns';

/**
 * The read side of the money. The breakdown is public for a live, paused or completed campaign
 * (tests/workers/insights.test.ts covers every status); its row uses a draft, which only the owner,
 * the team and admins may see. Analytics (money and coin) are for the owner, the approved team and admins. A
 * statement is the caller's own: asked for one campaign, only its owner and team get one (an admin
 * has no lines there, so 404 like anyone unrelated).
 */
const unrelated404 = (o: { admin: number; owner: number; member: number }, anonymous = 401): Outcomes => ({
  anonymous,
  viewer: 404,
  user: 404,
  contributor: 404,
  editor: 404,
  ...o,
});

const campaignPath = (suffix: string) => (_a: unknown, f: Fixture) => ({
  path: `/api/campaigns/${f.campaignId}${suffix}`,
});
const statementPath = (file: string) => (_a: unknown, f: Fixture) => ({
  path: `/api/me/${file}?campaignId=${f.campaignId}`,
});

const expectations: RouteExpectation[] = [
  {
    route: 'GET /api/campaigns/:id/breakdown',
    setup: campaignSetup('active'),
    request: campaignPath('/breakdown'),
    expect: unrelated404({ admin: 200, owner: 200, member: 200 }, 404),
  },
  {
    // As public as the breakdown: a draft's versions only to its owner, team and admins.
    route: 'GET /api/campaigns/:id/agreements',
    setup: campaignSetup('active'),
    request: campaignPath('/agreements'),
    expect: unrelated404({ admin: 200, owner: 200, member: 200 }, 404),
  },
  {
    route: 'GET /api/campaigns/:id/analytics',
    setup: campaignSetup('live'),
    request: campaignPath('/analytics'),
    expect: unrelated404({ admin: 200, owner: 200, member: 200 }),
  },
  {
    // Coin analytics as CSV (docs/coins.md, "Coin analytics"): signed out too, 404 as for an unknown id.
    route: 'GET /api/campaigns/:id/coin-analytics.csv',
    setup: campaignSetup('live'),
    request: campaignPath('/coin-analytics.csv'),
    expect: unrelated404({ admin: 200, owner: 200, member: 200 }, 404),
  },
  {
    route: 'GET /api/me/statement',
    setup: campaignSetup('live'),
    request: statementPath('statement'),
    expect: unrelated404({ admin: 404, owner: 200, member: 200 }),
  },
  {
    route: 'GET /api/me/statement.csv',
    setup: campaignSetup('live'),
    request: statementPath('statement.csv'),
    expect: unrelated404({ admin: 404, owner: 200, member: 200 }),
  },
];
export default expectations;
