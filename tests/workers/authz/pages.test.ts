import { beforeAll, describe, expect, it } from 'vitest';
import { matchPageRoute, PAGE_ROUTES, signInPath } from '../../../functions/domain/site/pages';
import { makeCampaign } from '../campaign-factories';
import { PAGE_MARKER } from '../entry';
import { ACTORS, type Actor, makeActors, makeUser, type TestUser } from '../factories';
import { call } from '../worker-call';
import type { PageActor, PageExpectation, PageFixture, PageOutcome } from './types';

/**
 * Every page for every kind of user, decided by the worker before anything renders. The expected
 * outcomes are written out in tests/workers/authz/pages/<feature>.ts, one row per page of the
 * worker's page table; a page without a row fails. The page behind the pipeline is the tests'
 * stand-in; the real pages are covered over HTTP.
 */
const modules = import.meta.glob<{ default: PageExpectation[] }>('./pages/*.ts', { eager: true });
const rows = Object.values(modules).flatMap((m) => m.default);
const byPage = new Map(rows.map((r) => [r.page, r]));
const table = PAGE_ROUTES.map((r) => r.pattern);

let actors: Record<PageActor, TestUser | null>;
let fixture: PageFixture;
beforeAll(async () => {
  // The invited member holds no role but viewer: only the invitation could let them in.
  const member = await makeUser([], 'invited');
  const campaign = await makeCampaign({ members: [{ user: member, approved: false }] });
  actors = { ...(await makeActors()), member };
  fixture = { campaignId: campaign.id, movieId: campaign.movieId };
});

async function outcome(path: string, actor: TestUser | null): Promise<PageOutcome | string> {
  const res = await call(path, { headers: actor ? { cookie: actor.cookie } : {}, redirect: 'manual' });
  const body = await res.text();
  if (res.status === 302) {
    const location = res.headers.get('location') ?? '';
    expect(body, 'a redirect carries no page content').not.toContain(PAGE_MARKER);
    const route = matchPageRoute(new URL(path, 'https://x').pathname);
    if (route && location === signInPath(route, path)) return 'sign-in';
    // Home: from a creator or admin page naming it (the home page says why); an unknown short link plainly.
    const denied = `/?denied=${encodeURIComponent(new URL(path, 'https://x').pathname)}`;
    if (location === (route?.pattern === '/s/:shortCode' ? '/' : denied)) return 'home';
    return `302 to ${location}`;
  }
  if (res.status === 200 && body.includes(PAGE_MARKER)) return 'page';
  if (res.status === 404) return 'not-found';
  return `${res.status}`;
}

describe('authorization matrix (pages)', () => {
  it('has one literal row for every page of the worker, and none for a page it does not have', () => {
    const missing = table.filter((p) => !byPage.has(p));
    const stale = rows.map((r) => r.page).filter((p) => !table.includes(p));
    const repeated = rows.map((r) => r.page).filter((p, i, all) => all.indexOf(p) !== i);
    expect(missing, 'pages without a row in tests/workers/authz/pages').toEqual([]);
    expect(stale, 'rows for pages the worker does not have').toEqual([]);
    expect(repeated, 'pages with more than one row').toEqual([]);
  });

  for (const row of rows) {
    const columns: PageActor[] = [...ACTORS, ...(row.expect.member ? (['member'] as const) : [])];
    it.each(columns)(`${row.page} as %s`, async (actor) => {
      const path = row.path ? row.path(fixture) : row.page.replace(/:[A-Za-z]+/g, 'some-id');
      const want = actor === 'member' ? row.expect.member : row.expect[actor as Actor];
      expect(await outcome(path, actors[actor]), path).toBe(want);
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
    expect(res.headers.get('location')).toBe(`/?denied=${encodeURIComponent('/admin/edit/x/campaign')}`);
  });
});
