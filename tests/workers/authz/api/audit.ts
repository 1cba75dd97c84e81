import { onlyRoles, type RouteExpectation } from '../types';

/** The audit list: admins only (its paging and filters: tests/workers/audit.test.ts). */
const expectations: RouteExpectation[] = [{ route: 'GET /api/admin/audit', expect: onlyRoles(200, ['admin']) }];
export default expectations;
