import { onlyRoles, type RouteExpectation, signedIn } from '../types';

/**
 * Payouts: a member's own account and payouts (creators and admins connect; anyone signed in reads
 * their own, usually empty, list), and the admin's view, retry and refresh. Connecting as a plain
 * member with a payout waiting, retries and refresh are covered in tests/workers/payouts.test.ts.
 */
const expectations: RouteExpectation[] = [
  {
    route: 'POST /api/payouts/connect',
    request: () => ({ path: '/api/payouts/connect', body: {} }),
    expect: onlyRoles(200, ['contributor', 'admin']),
  },
  { route: 'GET /api/payouts/mine', expect: signedIn(200) },
  { route: 'GET /api/admin/payouts', expect: onlyRoles(200, ['admin']) },
  {
    route: 'POST /api/admin/payouts/refresh',
    request: () => ({ path: '/api/admin/payouts/refresh', body: {} }),
    expect: onlyRoles(200, ['admin']),
  },
  {
    route: 'POST /api/admin/payouts/:id/retry',
    request: () => ({ path: '/api/admin/payouts/no-such-id/retry', body: {} }),
    expect: onlyRoles(404, ['admin']),
  },
];
export default expectations;
