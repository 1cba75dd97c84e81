import type { RouteExpectation } from '../types';
import { everyone, signedIn } from '../types';

// Ids here are unknown: a signed-in caller learns nothing (404), a signed-out one is asked to sign
// in first (401). Access to real films, owners' and admins' rights are in tests/workers/catalogue/.
const expectations: RouteExpectation[] = [
  { route: 'GET /api/media/videos/:id', expect: signedIn(404) },
  { route: 'GET /api/media/captions/:id', expect: signedIn(404) },
  { route: 'GET /api/media/posters/:id', expect: everyone(404) },
  // Uploaded avatars are public; an unknown one is 404 for everyone alike.
  { route: 'GET /api/media/avatars/:id', expect: everyone(404) },
  { route: 'GET /api/my-list', expect: signedIn(200) },
  { route: 'PUT /api/my-list/:videoId', expect: signedIn(404) },
  { route: 'DELETE /api/my-list/:videoId', expect: signedIn(200) },
  { route: 'GET /api/search', request: () => ({ path: '/api/search?q=film' }), expect: everyone(200) },
  { route: 'GET /api/watch/continue', expect: signedIn(200) },
  { route: 'GET /api/watch/:videoId', expect: signedIn(404) },
  {
    route: 'PUT /api/watch/:videoId',
    request: () => ({ path: '/api/watch/no-such-id', body: { positionSeconds: 1, durationSeconds: 10 } }),
    expect: signedIn(404),
  },
  { route: 'POST /api/watch/:videoId/view', expect: signedIn(404) },
];
export default expectations;
