/**
 * The platform acting on its own: the scheduled job, the seed (and the operator commands in
 * scripts/), the Stripe webhook handler. Only those create one — a test fails if anything else,
 * or anything in src/, imports this module. A SystemActor is branded and registered here, so an
 * object shaped like one is still not one.
 */
declare const systemBrand: unique symbol;

export type SystemJob = 'scheduled' | 'seed' | 'webhook' | 'command' | 'follow-up';

export interface SystemActor {
  readonly kind: 'system';
  readonly job: SystemJob;
  readonly [systemBrand]: true;
}

const issued = new WeakSet<object>();

export function systemActor(job: SystemJob): SystemActor {
  const actor = Object.freeze({ kind: 'system', job }) as SystemActor;
  issued.add(actor);
  return actor;
}

/** True only for an actor made by systemActor(). */
export function isSystemActor(actor: unknown): actor is SystemActor {
  return typeof actor === 'object' && actor !== null && issued.has(actor);
}
