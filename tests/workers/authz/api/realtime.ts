import type { RouteExpectation } from '../types';
import { everyone, signedIn } from '../types';
import { campaignSetup } from './campaigns';

/**
 * Notifications, creator messages and the user's realtime socket: all signed-in only, all scoped to
 * the viewer; a public campaign's live figures: anyone.
 */
const expectations: RouteExpectation[] = [
  // Without an Upgrade header a signed-in caller is told to upgrade (426); signed out it is 401 first.
  { route: 'GET /api/realtime', expect: signedIn(426) },
  // A public campaign's live figures are anyone's: without an Upgrade header everyone is told to
  // upgrade. Drafts, campaigns in their first review and rejected ones are 404 for everyone
  // (tests/workers/realtime/campaign-channel.test.ts).
  {
    route: 'GET /api/realtime/campaigns/:id',
    setup: campaignSetup('live'),
    request: (_a, f) => ({ path: `/api/realtime/campaigns/${f.campaignId}` }),
    expect: { ...everyone(426), owner: 426, member: 426 },
  },
  { route: 'GET /api/notifications', expect: signedIn(200) },
  { route: 'GET /api/notifications/summary', expect: signedIn(200) },
  { route: 'POST /api/notifications/read-all', expect: signedIn(200) },
  // Unknown (or someone else's) id: 404 for everyone signed in.
  { route: 'POST /api/notifications/:id/read', expect: signedIn(404) },
  { route: 'GET /api/messages', expect: signedIn(200) },
  { route: 'GET /api/messages/:userId', expect: signedIn(404) },
  {
    route: 'POST /api/messages/:userId',
    request: () => ({ path: '/api/messages/no-such-id', body: { subject: 'Hi', message: 'Hello' } }),
    expect: signedIn(404),
  },
  {
    // Someone unknown: no such conversation.
    route: 'POST /api/messages/:userId/read-all',
    request: () => ({ path: '/api/messages/no-such-id/read-all', body: {} }),
    expect: signedIn(404),
  },
  { route: 'POST /api/messages/:messageId/read', expect: signedIn(404) },
];
export default expectations;
