import { onlyRoles, type RouteExpectation } from '../types';

/** Issue 45: the admin's People tab — admins only (behaviour: tests/workers/people.test.ts). No such person: 404 for admins. */
const expectations: RouteExpectation[] = [
  {
    route: 'GET /api/admin/people',
    request: () => ({ path: '/api/admin/people?q=matrix' }),
    expect: onlyRoles(200, ['admin']),
  },
  {
    route: 'GET /api/admin/people/:id',
    request: () => ({ path: '/api/admin/people/no-such-person' }),
    expect: onlyRoles(404, ['admin']),
  },
  {
    route: 'POST /api/admin/people/:id/roles',
    request: () => ({ path: '/api/admin/people/no-such-person/roles', body: { role: 'editor', reason: 'Matrix' } }),
    expect: onlyRoles(404, ['admin']),
  },
  {
    route: 'POST /api/admin/people/:id/roles/revoke',
    request: () => ({
      path: '/api/admin/people/no-such-person/roles/revoke',
      body: { role: 'editor', reason: 'Matrix' },
    }),
    expect: onlyRoles(404, ['admin']),
  },
  {
    route: 'POST /api/admin/people/:id/suspend',
    request: () => ({ path: '/api/admin/people/no-such-person/suspend', body: { reason: 'Matrix' } }),
    expect: onlyRoles(404, ['admin']),
  },
  {
    route: 'POST /api/admin/people/:id/reinstate',
    request: () => ({ path: '/api/admin/people/no-such-person/reinstate', body: { reason: 'Matrix' } }),
    expect: onlyRoles(404, ['admin']),
  },
  {
    route: 'POST /api/admin/people/:id/notes',
    request: () => ({ path: '/api/admin/people/no-such-person/notes', body: { body: 'Matrix' } }),
    expect: onlyRoles(404, ['admin']),
  },
];
export default expectations;
