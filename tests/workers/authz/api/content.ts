import type { RouteExpectation } from '../types';
import { onlyRoles } from '../types';

// Issue 46: the content editor is for editors and admins; the home page's pin for admins. A viewer,
// user or contributor reaches none of it. Writes use a revision nobody has (409 for those allowed),
// so the matrix changes no page.
const EDITORS = ['editor', 'admin'] as const;
const expectations: RouteExpectation[] = [
  // The hosts Markdown images may load from: admins only. Adding writes a fresh host each call;
  // removing one that is not there is 409 for an admin.
  { route: 'GET /api/content/image-hosts', expect: onlyRoles(200, ['admin']) },
  {
    route: 'POST /api/content/image-hosts',
    request: () => ({
      path: '/api/content/image-hosts',
      body: { host: `matrix-${crypto.randomUUID().slice(0, 8)}.example.com` },
    }),
    expect: onlyRoles(200, ['admin']),
  },
  {
    route: 'POST /api/content/image-hosts/remove',
    request: () => ({ path: '/api/content/image-hosts/remove', body: { host: 'never-allowed.example.com' } }),
    expect: onlyRoles(409, ['admin']),
  },
  { route: 'GET /api/content/pages', expect: onlyRoles(200, [...EDITORS]) },
  {
    route: 'GET /api/content/pages/:slug',
    request: () => ({ path: '/api/content/pages/faq' }),
    expect: onlyRoles(200, [...EDITORS]),
  },
  {
    route: 'GET /api/content/pages/:slug/versions/:version',
    request: () => ({ path: '/api/content/pages/faq/versions/1' }),
    expect: onlyRoles(200, [...EDITORS]),
  },
  {
    route: 'POST /api/content/preview',
    request: () => ({ path: '/api/content/preview', body: { slug: 'faq', markdown: '## Hi' } }),
    expect: onlyRoles(200, [...EDITORS]),
  },
  {
    route: 'PUT /api/content/pages/:slug/draft',
    request: () => ({ path: '/api/content/pages/faq/draft', body: { markdown: 'x', revision: 999_999 } }),
    expect: onlyRoles(409, [...EDITORS]),
  },
  {
    route: 'POST /api/content/pages/:slug/publish',
    request: () => ({ path: '/api/content/pages/faq/publish', body: { markdown: 'x', revision: 999_999 } }),
    expect: onlyRoles(409, [...EDITORS]),
  },
  {
    route: 'POST /api/content/pages/:slug/restore',
    request: () => ({ path: '/api/content/pages/faq/restore', body: { version: 1, revision: 999_999 } }),
    expect: onlyRoles(409, [...EDITORS]),
  },
  { route: 'GET /api/content/home', expect: onlyRoles(200, ['admin']) },
  {
    // An unknown film: refused by the check that only approved films are pinned.
    route: 'PUT /api/content/home',
    request: () => ({ path: '/api/content/home', body: { filmId: crypto.randomUUID(), banner: null } }),
    expect: onlyRoles(400, ['admin']),
  },
];
export default expectations;
