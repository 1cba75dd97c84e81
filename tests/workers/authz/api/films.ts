import type { RouteExpectation } from '../types';
import { onlyRoles } from '../types';

const creators = (status: number) => onlyRoles(status, ['contributor', 'admin']);
const admins = (status: number) => onlyRoles(status, ['admin']);

// Owner-versus-other-contributor cases (404 for a film that is not yours) are in tests/workers/films.test.ts.
const expectations: RouteExpectation[] = [
  {
    // Past the role check, an upload id that is not the caller's is refused as invalid input.
    route: 'POST /api/films',
    request: () => ({
      path: '/api/films',
      body: { title: 'T', description: 'D', year: 2024, runtimeSeconds: 600, videoUploadId: 'no-such-upload' },
    }),
    expect: creators(400),
  },
  {
    route: 'PATCH /api/films/:id',
    request: () => ({ path: '/api/films/no-such-id', body: { title: 'T' } }),
    expect: creators(404),
  },
  // Caption tracks: the owner's or an admin's (a film that is not yours is 404, as in films-captions.test.ts).
  {
    route: 'POST /api/films/:id/captions',
    request: () => ({ path: '/api/films/no-such-id/captions?language=en&label=English', body: 'WEBVTT\n' }),
    expect: creators(404),
  },
  {
    route: 'PUT /api/films/:id/captions/:captionId',
    request: () => ({ path: '/api/films/no-such-id/captions/no-such-id?label=English', body: 'WEBVTT\n' }),
    expect: creators(404),
  },
  { route: 'DELETE /api/films/:id/captions/:captionId', expect: creators(404) },
  {
    route: 'POST /api/films/:id/approve',
    request: () => ({ path: '/api/films/no-such-id/approve', body: {} }),
    expect: admins(404),
  },
  {
    route: 'POST /api/films/:id/reject',
    request: () => ({ path: '/api/films/no-such-id/reject', body: { reason: 'Not this one' } }),
    expect: admins(404),
  },
  { route: 'GET /api/studio/films', expect: creators(200) },
  { route: 'GET /api/studio/categories', expect: creators(200) },
  { route: 'GET /api/studio/review', expect: admins(200) },
  { route: 'GET /api/studio/films/:id', expect: creators(404) },
  { route: 'GET /api/studio/films/:id/video', expect: creators(404) },
  { route: 'GET /api/studio/films/:id/poster', expect: creators(404) },
];
export default expectations;
