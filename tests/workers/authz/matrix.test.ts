import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../functions/app';
import { ACTORS, type Actor, makeActors, makeUser, ROLES_OF, type TestUser } from '../factories';
import { call } from '../worker-call';
import { FIXTURE_ACTORS, type FixtureActor, type RouteExpectation } from './types';

/**
 * The authorization matrix: every route registered in the Hono app must have an expected outcome
 * for every actor, and the worker must give exactly that outcome. A route without a row fails.
 * Each feature adds its rows in tests/workers/authz/api/<feature>.ts.
 */
const modules = import.meta.glob<{ default: RouteExpectation[] }>('./api/*.ts', { eager: true });
const expectations = Object.values(modules).flatMap((m) => m.default);
const byRoute = new Map(expectations.map((e) => [e.route, e]));

const registered = [
  ...new Set(
    createApp()
      .routes.filter((r) => r.method !== 'ALL')
      // An id parameter's pattern (functions/http/ids.ts) is not part of the row's name.
      .map((r) => `${r.method} ${r.path.replace(/(:[A-Za-z]+)\{(?:[^{}]|\{[^{}]*\})*\}/g, '$1')}`),
  ),
];

let actors: Record<Actor, TestUser | null>;
beforeAll(async () => {
  actors = await makeActors();
});

describe('authorization matrix (API)', () => {
  it('has an expectation for every registered route, and none for a route that does not exist', () => {
    const missing = registered.filter((r) => !byRoute.has(r));
    const stale = expectations.map((e) => e.route).filter((r) => !registered.includes(r));
    expect(missing, 'routes without a row in tests/workers/authz/api').toEqual([]);
    expect(stale, 'rows for routes that are not registered').toEqual([]);
  });

  for (const route of registered) {
    const e = byRoute.get(route);
    if (!e) continue;
    const columns: (Actor | FixtureActor)[] = [...ACTORS, ...FIXTURE_ACTORS.filter((a) => e.expect[a] !== undefined)];
    it.each(columns)(`${route} as %s`, async (actorName) => {
      const fixture = e.setup ? await e.setup() : {};
      let actor: TestUser | null;
      if (actorName === 'owner' || actorName === 'member') {
        actor = (fixture[actorName] as TestUser | undefined) ?? null;
        expect(actor, `the setup of ${route} makes no ${actorName}`).not.toBeNull();
      } else {
        const base = actors[actorName];
        actor = base && e.freshUser ? await makeUser(ROLES_OF[actorName], actorName) : base;
      }
      const [method, pattern] = route.split(' ') as [string, string];
      const { path, body } = e.request?.(actor, fixture) ?? { path: pattern.replace(/:[A-Za-z]+/g, 'no-such-id') };
      const headers: Record<string, string> = { origin: 'http://localhost:4321' };
      if (actor) headers.cookie = actor.cookie;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await call(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      expect(res.status, `${route} as ${actorName}: ${await res.clone().text()}`).toBe(e.expect[actorName]);
      // A refusal never carries data: it is the one error shape (better-auth's own endpoints excepted).
      if (res.status >= 400 && !path.startsWith('/api/auth/')) {
        expect(Object.keys(await res.json())).toEqual(['error']);
      }
    });
  }
});
