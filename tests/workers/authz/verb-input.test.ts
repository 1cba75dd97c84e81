import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../functions/auth/authorize';
import { RULES } from '../../../functions/auth/rules';
import { systemActor } from '../../../functions/auth/system-actor';
import { DomainError } from '../../../functions/domain/errors';
import type { Deps } from '../../../functions/platform/deps';
import { VERB_INPUTS } from '../../support/verb-inputs';
import { VERB_RULES } from '../../support/verb-rules';

/**
 * Every verb that takes input checks it itself, with its route's schema, before it uses anything:
 * called directly (as a page, a job or a Durable Object would, with no route in front) by an actor
 * its rule allows, with a malformed input and deps that throw on any use, each answers
 * `validation_failed`.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../../functions/services/*/*.ts', { eager: true });
const verbOf = (key: string) => {
  const [file, name] = key.split('#') as [string, string];
  const fn = modules[`../../../functions/services/${file}.ts`]?.[name];
  if (typeof fn !== 'function') throw new Error(`no verb ${key}`);
  return fn as (...args: unknown[]) => unknown;
};

// Reading a piece of the bundle (as a destructuring parameter does) is fine; using it is not.
const used = (what: string) => new Error(`the verb used deps.${what} before checking its input`);
const trap = (what: string): unknown =>
  new Proxy(() => {}, {
    get: (_, prop) => {
      if (prop === 'then') return undefined;
      throw used(`${what}.${String(prop)}`);
    },
    apply: () => {
      throw used(what);
    },
  });
const trappedDeps = new Proxy({} as Deps, { get: (_, prop) => trap(String(prop)) });

const as = (roles: string[]): Actor =>
  ({
    userId: 'input-test-user',
    email: 'input-test@example.test',
    username: 'input_test',
    avatarUrl: null,
    roles,
    sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  }) as Actor;

/** An actor each rule lets through. */
function allowedBy(row: (typeof VERB_RULES)[string]): Actor {
  if (typeof row !== 'string') return null;
  switch (RULES[row]) {
    case 'system':
      return systemActor('scheduled');
    case 'editor':
      return as(['viewer', 'editor']);
    case 'admin':
      return as(['viewer', 'admin']);
    case 'contributor':
      return as(['viewer', 'contributor']);
    default:
      return as(['viewer']);
  }
}

/** A number where an object or a string is due; a chain id that is not a number. */
const malformed = (key: string) => (key === 'wallets/unlink#unlinkWallet' ? 'not-a-chain' : 42);

describe('every verb that takes input validates it itself', () => {
  for (const [key, at] of Object.entries(VERB_INPUTS)) {
    it(`${key} refuses a malformed input with validation_failed`, async () => {
      const args: unknown[] = [
        trappedDeps,
        allowedBy(VERB_RULES[key] as (typeof VERB_RULES)[string]),
        'id',
        'id',
        'id',
      ];
      args[at] = malformed(key);
      const err = await Promise.resolve()
        .then(() => verbOf(key)(...args))
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err, key).toBeInstanceOf(DomainError);
      expect((err as DomainError).code, `${key}: ${String(err)}`).toBe('validation_failed');
    });
  }
});
