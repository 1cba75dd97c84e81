import type { Context } from 'hono';
import type { AttemptLimit } from '../db/attempts';
import { reserveAttempt } from '../db/attempts';
import { DomainError } from '../domain/errors';
import type { AppEnv } from './types';

/** The caller's address: Cloudflare's own header only (others can be set by anyone). */
export const clientAddress = (c: Context<AppEnv>) => c.req.header('cf-connecting-ip') ?? null;

const minutes = (seconds: number) => {
  const n = Math.max(1, Math.ceil(seconds / 60));
  return `${n} minute${n > 1 ? 's' : ''}`;
};

/** Reserves one attempt under `limits`, or answers 429 with Retry-After. */
export async function reserveOr429(
  c: Context<AppEnv>,
  limits: readonly AttemptLimit[],
  message = 'Too many attempts.',
): Promise<void> {
  const { db, clock } = c.get('deps');
  const wait = await reserveAttempt(db, limits, clock.now().getTime());
  if (wait === 0) return;
  c.header('Retry-After', String(wait));
  throw new DomainError('rate_limited', `${message} Try again in ${minutes(wait)}.`);
}
