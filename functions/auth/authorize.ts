import { forbidden, unauthorized } from '../domain/errors';
import { isAdmin, isContributor, isEditor } from '../domain/users/roles';
import type { Viewer } from './identity';
import { RULES, type RuleName, SCOPES, type ScopedRule, type ScopeKind, type Who } from './rules';
import { isSystemActor, type SystemActor } from './system-actor';

export type { RuleName, ScopeKind, SystemActor, Who };

/** The rows a verb may read under its rule (functions/auth/rules.ts, SCOPES). */
export interface Scope<K extends ScopeKind = ScopeKind> {
  readonly kind: K;
  /** The viewer whose rows these are. */
  readonly userId: string;
  /** An admin under an "-or-admin" scope: every row. */
  readonly everything: boolean;
}

/** A viewer granted a resource rule, carrying the scope its loaders apply. */
export type Scoped<K extends ScopeKind = ScopeKind> = Viewer & { readonly scope: Scope<K> };

/** Who calls a verb: a signed-in viewer, the platform itself (a SystemActor), or nobody (null). */
export type Actor = Viewer | SystemActor | null;

/** Who each kind of rule lets through, as the verb then sees them. */
type Allowed<W extends Who> = W extends 'public'
  ? Viewer | null
  : W extends 'system'
    ? SystemActor
    : W extends 'signed-in-or-system'
      ? Viewer | SystemActor
      : Viewer;

const viewerOf = (actor: Actor): Viewer | null => (actor === null || isSystemActor(actor) ? null : actor);

/** What `authorize` hands a verb: the actor, and for a resource rule the scope of its reads. */
export type Granted<R extends RuleName> = R extends ScopedRule
  ? Scoped<(typeof SCOPES)[R]>
  : Allowed<(typeof RULES)[R]>;

/**
 * Every verb's first statement: the actor its named rule allows (functions/auth/rules.ts), or 401
 * (nobody) / 403 (not allowed). A resource rule's viewer comes back with its scope, which the
 * resource's loader requires (docs/architecture.md, "Rules").
 */
export function authorize<R extends RuleName>(actor: Actor, rule: R): Granted<R> {
  const allowed = allow(actor, RULES[rule]);
  const kind = (SCOPES as Partial<Record<RuleName, ScopeKind>>)[rule];
  if (!kind) return allowed as Granted<R>;
  const viewer = allowed as Viewer;
  const scope: Scope = {
    kind,
    userId: viewer.userId,
    everything: kind !== 'own' && isAdmin(viewer.roles),
  };
  return { ...viewer, scope } as Granted<R>;
}

function allow(actor: Actor, who: Who): Viewer | SystemActor | null {
  if (who === 'public') return viewerOf(actor);
  if (actor === null) throw unauthorized();
  if (isSystemActor(actor)) {
    if (who === 'system' || who === 'signed-in-or-system') return actor;
    throw forbidden();
  }
  switch (who) {
    case 'system':
      throw forbidden();
    case 'signed-in':
    case 'signed-in-or-system':
      return actor;
    case 'contributor':
      if (!isContributor(actor.roles)) throw forbidden();
      return actor;
    case 'editor':
      if (!isEditor(actor.roles)) throw forbidden();
      return actor;
    case 'admin':
      if (!isAdmin(actor.roles)) throw forbidden();
      return actor;
  }
}

/** The actor of a public read that does not depend on who asks: no session is looked up for it. */
export const ANYONE: Actor = null;
