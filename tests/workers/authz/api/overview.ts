import { onlyRoles, type RouteExpectation } from '../types';

/** Issue 45: the admin overview — admins only (behaviour: tests/workers/overview.test.ts). */
const expectations: RouteExpectation[] = [
  {
    route: 'GET /api/admin/overview',
    request: () => ({ path: '/api/admin/overview' }),
    expect: onlyRoles(200, ['admin']),
  },
];
export default expectations;
