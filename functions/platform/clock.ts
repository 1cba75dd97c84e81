/**
 * Where verbs read the time for a rule (deadlines, backoffs, expiries): `deps.clock.now()`, never
 * `new Date()`. Production uses the real time; tests pass their own clock to the factory, and a
 * local server can be moved in time for browser tests (platform/local-clock.ts).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still at `at` until moved: for tests. */
export function manualClock(at: Date | number = Date.now()) {
  let t = typeof at === 'number' ? at : at.getTime();
  return {
    now: () => new Date(t),
    set(to: Date | number) {
      t = typeof to === 'number' ? to : to.getTime();
    },
    advance(ms: number) {
      t += ms;
    },
  } satisfies Clock & Record<string, unknown>;
}
