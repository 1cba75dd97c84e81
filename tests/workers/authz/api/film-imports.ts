import { onlyRoles, type RouteExpectation } from '../types';

/**
 * Issue 47: importing a film's details from a link — admins only (behaviour: tests/workers/film-imports.test.ts).
 * The address is one the importer refuses before fetching (a local name), so no row connects anywhere: 400 for admins.
 */
const expectations: RouteExpectation[] = [
  {
    route: 'POST /api/admin/film-imports',
    request: () => ({ path: '/api/admin/film-imports', body: { url: 'http://localhost/film' } }),
    expect: onlyRoles(400, ['admin']),
  },
];
export default expectations;
