import { onlyRoles, type RouteExpectation } from '../types';

/** Issue 45: the lists behind the overview's figures — admins only (behaviour: tests/workers/admin-lists.test.ts). */
const expectations: RouteExpectation[] = [
  {
    route: 'GET /api/admin/money',
    request: () => ({ path: '/api/admin/money?kind=payment' }),
    expect: onlyRoles(200, ['admin']),
  },
  {
    route: 'GET /api/admin/campaigns',
    request: () => ({ path: '/api/admin/campaigns?status=live' }),
    expect: onlyRoles(200, ['admin']),
  },
  {
    route: 'GET /api/admin/people/list',
    request: () => ({ path: '/api/admin/people/list?role=editor' }),
    expect: onlyRoles(200, ['admin']),
  },
];
export default expectations;
