import { everyone, type RouteExpectation } from '../types';
import { campaignSetup } from './campaigns';

/**
 * Funding a campaign: anyone may see a campaign's public funding summary and the live campaigns,
 * and anyone may pay a live campaign — signed in as themself, or as a guest with an email. A
 * campaign that is not live takes no money from anyone (409) and an unknown id is 404 for everyone:
 * tests/workers/campaign-payments.test.ts covers those.
 */
const expectations: RouteExpectation[] = [
  { route: 'GET /api/campaigns/live', expect: everyone(200) },
  {
    route: 'GET /api/campaigns/:id/funding',
    setup: campaignSetup('live'),
    request: (_a, f) => ({ path: `/api/campaigns/${f.campaignId}/funding` }),
    expect: { ...everyone(200), owner: 200, member: 200 },
  },
  {
    route: 'POST /api/campaigns/:id/checkout',
    setup: campaignSetup('live'),
    request: (_a, f) => ({
      path: `/api/campaigns/${f.campaignId}/checkout`,
      body: { amountCents: 1000, guestEmail: 'g@example.test' },
    }),
    expect: { ...everyone(200), owner: 200, member: 200 },
  },
];
export default expectations;
