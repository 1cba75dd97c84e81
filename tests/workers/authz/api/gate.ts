import { makeFilm } from '../../campaign-factories';
import { makeUser } from '../../factories';
import type { RouteExpectation } from '../types';
import { everyone, onlyRoles, signedIn } from '../types';

// The matrix runs with the gate off; tests/workers/gate.test.ts covers the gate switched on.
const expectations: RouteExpectation[] = [
  { route: 'GET /api/gate/status', expect: everyone(200) },
  {
    // No passcode is set here, so every attempt is refused the same way (and sets nothing).
    route: 'POST /api/gate/unlock',
    request: () => ({ path: '/api/gate/unlock', body: { passcode: 'not-the-passcode' } }),
    expect: everyone(403),
  },
  { route: 'POST /api/gate/reset', request: () => ({ path: '/api/gate/reset', body: {} }), expect: everyone(200) },
  { route: 'GET /api/admin/site-settings', expect: onlyRoles(200, ['admin']) },
  {
    // Switching the gate off (it is off) changes nothing for the other rows.
    route: 'PUT /api/admin/site-settings',
    request: () => ({ path: '/api/admin/site-settings', body: { comingSoonEnabled: false } }),
    expect: onlyRoles(200, ['admin']),
  },
  {
    route: 'POST /api/short-links',
    request: () => ({ path: '/api/short-links', body: { path: '/faq' } }),
    expect: signedIn(200),
  },
  {
    // A catalogue film's page: anyone may share it (an unknown or hidden film is 404: short-links.test.ts).
    route: 'POST /api/short-links/share',
    setup: async () => ({ movieId: await makeFilm((await makeUser(['contributor'], 'sharer')).id) }),
    request: (_a, f) => ({ path: '/api/short-links/share', body: { page: 'film', id: f.movieId } }),
    expect: everyone(200),
  },
];
export default expectations;
