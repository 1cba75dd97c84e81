import { forbidden, unauthorized } from '../domain/errors';
import { isAdmin, isContributor } from '../domain/users/roles';
import type { Viewer } from './identity';
import { isSystemActor, type SystemActor } from './system-actor';

export type { SystemActor };

/** Who calls a verb: a signed-in viewer, the platform itself (a SystemActor), or nobody (null). */
export type Actor = Viewer | SystemActor | null;

/**
 * The rules a verb's first statement names:
 * - public: anyone, signed in or not (the verb returns only what anyone may see);
 * - signed-in: any viewer; contributor / admin: a viewer with that role (roles.ts);
 * - system: the scheduled job, the seed, the webhook handler;
 * - signed-in-or-system: follow-up work a viewer's change or a job starts (the verb does only
 *   what the current state requires, whoever asks).
 */
export type Rule = 'public' | 'signed-in' | 'contributor' | 'admin' | 'system' | 'signed-in-or-system';

const viewerOf = (actor: Actor): Viewer | null => (actor === null || isSystemActor(actor) ? null : actor);

/** Every verb's first statement: the actor allowed by `rule`, or 401 (nobody) / 403 (not allowed). */
export function authorize(actor: Actor, rule: 'public'): Viewer | null;
export function authorize(actor: Actor, rule: 'system'): SystemActor;
export function authorize(actor: Actor, rule: 'signed-in-or-system'): Viewer | SystemActor;
export function authorize(actor: Actor, rule: 'signed-in' | 'contributor' | 'admin'): Viewer;
export function authorize(actor: Actor, rule: Rule): Viewer | SystemActor | null {
  if (rule === 'public') return viewerOf(actor);
  if (actor === null) throw unauthorized();
  if (isSystemActor(actor)) {
    if (rule === 'system' || rule === 'signed-in-or-system') return actor;
    throw forbidden();
  }
  switch (rule) {
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
