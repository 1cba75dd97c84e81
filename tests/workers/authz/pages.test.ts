import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ROUTES, type PageAccess } from '../../../functions/lib/page-routes';
import { PAGE_MARKER } from '../entry';
import { ACTORS, type Actor, makeActors, type TestUser } from '../factories';
import { call } from '../support';

/**
 * Every page of SPEC 2 for every actor, decided by the worker before anything renders. The page
 * behind the pipeline here is the tests' stand-in; the real pages are covered over HTTP.
 */
type Outcome = 'page' | 'sign-in' | 'home' | 'not-found';

const expected: Record<PageAccess, Record<Actor, Outcome>> = {
  public: { anonymous: 'page', viewer: 'page', user: 'page', contributor: 'page', editor: 'page', admin: 'page' },
  'signed-in': {
    anonymous: 'sign-in',
    viewer: 'page',
    user: 'page',
    contributor: 'page',
    editor: 'page',
    admin: 'page',
  },
  creator: { anonymous: 'sign-in', viewer: 'home', user: 'home', contributor: 'page', editor: 'home', admin: 'page' },
  admin: { anonymous: 'sign-in', viewer: 'home', user: 'home', contributor: 'home', editor: 'home', admin: 'page' },
  // The tests run with ENVIRONMENT=local, where local-only pages exist.
  local: { anonymous: 'page', viewer: 'page', user: 'page', contributor: 'page', editor: 'page', admin: 'page' },
};

let actors: Record<Actor, TestUser | null>;
beforeAll(async () => {
  actors = await makeActors();
});

async function outcome(path: string, actor: TestUser | null): Promise<Outcome> {
  const res = await call(path, { headers: actor ? { cookie: actor.cookie } : {}, redirect: 'manual' });
  const body = await res.text();
  if (res.status === 302) {
    const location = res.headers.get('location') ?? '';
    expect(body, 'a redirect carries no page content').not.toContain(PAGE_MARKER);
    if (location.startsWith('/auth?redirect=')) return 'sign-in';
    if (location === '/') return 'home';
  }
  if (res.status === 200 && body.includes(PAGE_MARKER)) return 'page';
  return 'not-found';
}

describe('authorization matrix (pages)', () => {
  for (const route of PAGE_ROUTES) {
    const path = route.pattern.replace(/:[A-Za-z]+/g, 'some-id');
    // Short links are answered by the worker, not a page: an unknown code goes home for everyone.
    const want = (actor: Actor) => (route.pattern === '/s/:shortCode' ? 'home' : expected[route.access][actor]);
    it.each(ACTORS)(`${route.pattern} as %s`, async (actor) => {
      expect(await outcome(path, actors[actor])).toBe(want(actor));
    });
  }

  it('sends a signed-out visitor to /auth with the page to come back to', async () => {
    const res = await call('/my-list?x=1', { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`/auth?redirect=${encodeURIComponent('/my-list?x=1')}`);
    expect(res.headers.get('cache-control')).toContain('no-store');
  });

  it('ignores a forged viewer header from the client', async () => {
    const forged = encodeURIComponent(JSON.stringify({ userId: 'x', roles: ['admin'] }));
    const res = await call('/admin', { headers: { 'x-reelfund-viewer': forged }, redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toMatch(/^\/auth/);
  });

  it('does not take privileges from the URL (/admin in a path, ?invitation=true)', async () => {
    const viewer = actors.viewer as TestUser;
    const res = await call('/admin/edit/x/campaign?invitation=true', {
      headers: { cookie: viewer.cookie },
      redirect: 'manual',
    });
    expect(res.headers.get('location')).toBe('/');
  });
});
