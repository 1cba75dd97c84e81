import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../functions/auth/authorize';
import { RULES, type Who } from '../../../functions/auth/rules';
import { systemActor } from '../../../functions/auth/system-actor';
import type { Viewer } from '../../../functions/auth/viewer';
import { DomainError } from '../../../functions/domain/errors';
import type { Role } from '../../../functions/domain/users/roles';
import { STATUS } from '../../../functions/http/errors';
import type { Deps } from '../../../functions/platform/deps';
import { VERB_RULES } from '../../support/verb-rules';

/**
 * Every verb, called directly (as a page, a job or another verb would, with no route in front), by
 * actors its rule refuses: each refuses with 401 or 403 before it touches anything. The deps
 * it gets are traps — any use of the database, KV, R2, Stripe, the mailer, the clock or the config
 * throws a plain error — so a verb whose authorization were missing, or a no-op, fails here.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../../functions/services/*/*.ts', { eager: true });
// A feature's index.ts re-exports its verbs and lib/: each verb is read from its own file.
const verbs = Object.entries(modules)
  .filter(([path]) => !path.endsWith('/index.ts'))
  .flatMap(([path, exports]) => {
    const file = path.replace('../../../functions/services/', '').replace(/\.ts$/, '');
    return Object.entries(exports)
      .filter(([, value]) => typeof value === 'function')
      .map(([name, fn]) => ({ key: `${file}#${name}`, fn: fn as (...args: unknown[]) => unknown }));
  });

const touched = (what: string) => new Error(`the verb used deps.${what} before refusing`);
const trap = (what: string): unknown =>
  new Proxy(() => {}, {
    get: (_, prop) => {
      if (prop === 'then') return undefined; // not a promise: awaiting it must not count as use
      throw touched(`${what}.${String(prop)}`);
    },
    apply: () => {
      throw touched(what);
    },
  });
const trappedDeps = new Proxy({} as Deps, { get: (_, prop) => trap(String(prop)) });

const viewer = (roles: Role[]): Viewer => ({
  userId: 'verb-test-user',
  email: 'verb-test@example.test',
  username: 'verb_test',
  avatarUrl: null,
  roles,
  sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
});

/** The actors each rule must refuse, and how: nobody signed in, and the nearest caller without the right. */
function refusedBy(rule: Exclude<Who, 'public'>): { as: string; actor: Actor; status: number }[] {
  const anonymous = { as: 'anonymous', actor: null, status: 401 };
  switch (rule) {
    case 'signed-in':
    case 'signed-in-or-system':
      return [anonymous];
    case 'contributor':
      return [anonymous, { as: 'a viewer', actor: viewer(['viewer', 'user', 'editor']), status: 403 }];
    case 'editor':
      return [anonymous, { as: 'a contributor', actor: viewer(['viewer', 'user', 'contributor']), status: 403 }];
    case 'admin':
      return [anonymous, { as: 'a contributor', actor: viewer(['viewer', 'contributor', 'editor']), status: 403 }];
    case 'system':
      return [
        anonymous,
        { as: 'an admin', actor: viewer(['viewer', 'admin']), status: 403 },
        // Shaped like a SystemActor but not made by systemActor(): still nobody's.
        { as: 'a forged system actor', actor: { ...systemActor('scheduled') } as unknown as Actor, status: 403 },
      ];
  }
}

async function outcome(call: () => unknown) {
  try {
    await call();
    return 'allowed';
  } catch (err) {
    return err instanceof DomainError ? STATUS[err.code] : String(err);
  }
}

describe('every verb refuses an actor its rule does not allow, before anything else', () => {
  it('has a row in tests/support/verb-rules.ts for every verb, and none for a verb that does not exist', () => {
    console.log(`${verbs.length} verbs called directly`);
    expect(verbs.map((v) => v.key).sort()).toEqual(Object.keys(VERB_RULES).sort());
  });

  for (const { key, fn } of verbs) {
    const rule = VERB_RULES[key];
    if (!rule || typeof rule !== 'string') continue;
    const who = RULES[rule];
    if (who === 'public') continue;
    for (const { as, actor, status } of refusedBy(who)) {
      it(`${key} (${rule}) refuses ${as} with ${status}`, async () => {
        expect(await outcome(() => fn(trappedDeps, actor, 'id', 'id', 'id', 'id'))).toBe(status);
      });
    }
  }
});
