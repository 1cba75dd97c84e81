import type { RouteExpectation } from '../types';
import { onlyRoles, signedIn } from '../types';

// Issue 44, item 3: anyone signed in reports an item; admins list the reports and decide.
const expectations: RouteExpectation[] = [
  {
    // No such listing: 404 once signed in.
    route: 'POST /api/reports',
    request: () => ({ path: '/api/reports', body: { kind: 'listing', itemId: crypto.randomUUID(), reason: 'spam' } }),
    expect: signedIn(404),
  },
  { route: 'GET /api/reports', expect: onlyRoles(200, ['admin']) },
  // What admins hid, of every kind (the Reports tab's Hidden list).
  {
    route: 'GET /api/admin/hidden',
    request: () => ({ path: '/api/admin/hidden?page=1' }),
    expect: onlyRoles(200, ['admin']),
  },
  // No such item: 404 for admins, refused before any read for everyone else.
  {
    route: 'POST /api/reports/:kind/:id/dismiss',
    request: () => ({ path: `/api/reports/listing/${crypto.randomUUID()}/dismiss`, body: {} }),
    expect: onlyRoles(404, ['admin']),
  },
  {
    route: 'POST /api/reports/:kind/:id/hide',
    request: () => ({ path: `/api/reports/film/${crypto.randomUUID()}/hide`, body: { reason: 'Spam' } }),
    expect: onlyRoles(404, ['admin']),
  },
  {
    route: 'POST /api/reports/:kind/:id/unhide',
    request: () => ({ path: `/api/reports/profile/${crypto.randomUUID()}/unhide`, body: {} }),
    expect: onlyRoles(404, ['admin']),
  },
];
export default expectations;
