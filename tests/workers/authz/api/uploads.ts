import { toBase64, WEBM_HEAD } from '../../../support/media';
import type { RouteExpectation } from '../types';
import { onlyRoles } from '../types';

const creators = (status: number) => onlyRoles(status, ['contributor', 'admin']);

// Uploads are contributors' and admins' own: an id that is not theirs is a 404 like a wrong one.
const expectations: RouteExpectation[] = [
  { route: 'GET /api/uploads', expect: creators(200) },
  {
    route: 'POST /api/uploads',
    request: () => ({
      path: '/api/uploads',
      body: { kind: 'video', fileName: 'matrix.webm', size: 1000, head: toBase64(WEBM_HEAD) },
    }),
    expect: creators(201),
  },
  {
    // JSON is not an image: creators get past the role check to the content check.
    route: 'POST /api/uploads/posters',
    request: () => ({ path: '/api/uploads/posters', body: { not: 'an image' } }),
    expect: creators(415),
  },
  { route: 'GET /api/uploads/:id', expect: creators(404) },
  { route: 'PUT /api/uploads/:id/parts/:part', expect: creators(404) },
  { route: 'POST /api/uploads/:id/complete', expect: creators(404) },
  { route: 'DELETE /api/uploads/:id', expect: creators(404) },
];
export default expectations;
