import type { RouteExpectation } from '../types';
import { everyone, onlyRoles, signedIn } from '../types';

// Issue 42: anyone applies; the applicant reads their own state; admins list and decide.
const expectations: RouteExpectation[] = [
  {
    route: 'POST /api/applications',
    request: () => ({
      path: '/api/applications',
      body: {
        name: 'Matrix Applicant',
        email: `matrix_${crypto.randomUUID().slice(0, 8)}@example.test`,
        work: 'Films',
        links: [],
        film: 'A film',
        heardFrom: 'The matrix',
      },
    }),
    expect: everyone(202),
  },
  { route: 'GET /api/applications/mine', expect: signedIn(200) },
  { route: 'GET /api/applications', expect: onlyRoles(200, ['admin']) },
  // No such application: 404 for admins, refused before any read for everyone else.
  {
    route: 'POST /api/applications/:id/approve',
    request: () => ({ path: `/api/applications/${crypto.randomUUID()}/approve`, body: {} }),
    expect: onlyRoles(404, ['admin']),
  },
  {
    route: 'POST /api/applications/:id/reject',
    request: () => ({ path: `/api/applications/${crypto.randomUUID()}/reject`, body: { reason: 'No' } }),
    expect: onlyRoles(404, ['admin']),
  },
  {
    // A token nobody was sent: the same refusal for everyone.
    route: 'POST /api/applications/sign-up',
    request: () => ({
      path: '/api/applications/sign-up',
      body: {
        token: 'x'.repeat(43),
        email: 'nobody@example.test',
        username: 'nobody_here',
        password: 'long-enough-pass',
      },
    }),
    expect: everyone(400),
  },
];
export default expectations;
