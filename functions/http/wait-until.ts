import type { Context } from 'hono';
import type { Schedule } from '../payments/stripe';
import type { AppEnv } from './types';

/** Work to finish after the response (e.g. event deliveries), through the request's waitUntil. */
export function scheduleFor(c: Context<AppEnv>): Schedule {
  return (work) => {
    try {
      c.executionCtx.waitUntil(work);
    } catch {
      // No execution context (the in-process app of the Node tests): let it run on its own.
      void work.catch((err) => console.error('background work failed:', err));
    }
  };
}
