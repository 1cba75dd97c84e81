import { forbidden, unauthorized } from '../domain/errors';
import { isAdmin, isContributor } from '../domain/users/roles';
import type { Viewer } from './identity';
import { RULES, type RuleName, type Who } from './rules';
import { isSystemActor, type SystemActor } from './system-actor';

export type { RuleName, SystemActor, Who };

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

/**
 * Every verb's first statement: the actor its named rule allows (functions/auth/rules.ts), or 401
 * (nobody) / 403 (not allowed).
 */
export function authorize<R extends RuleName>(actor: Actor, rule: R): Allowed<(typeof RULES)[R]> {
  return allow(actor, RULES[rule]) as Allowed<(typeof RULES)[R]>;
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
    case 'admin':
      if (!isAdmin(actor.roles)) throw forbidden();
      return actor;
  }
}

/** The actor of a public read that does not depend on who asks: no session is looked up for it. */
export const ANYONE: Actor = null;
