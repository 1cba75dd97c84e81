import { z } from 'zod';
import { type Actor, authorize } from '../../auth/authorize';
import { OVERVIEW_KV_KEY, OVERVIEW_MAX_AGE_MS } from '../../domain/overview/cache';
import type { Deps } from '../../platform/deps';
import { type AdminOverview, readOverview } from './internal/figures';

export type { AdminOverview, Waiting } from './internal/figures';

const cachedShape = z.object({ at: z.number(), value: z.record(z.string(), z.unknown()) });

/**
 * The admin overview (docs/admin-tools.md, "Overview"): people, sign-ups, what waits for review,
 * campaigns by status, the ledger's money totals, coins deployed and money over time. Cached in KV
 * for at most OVERVIEW_MAX_AGE_MS by the verbs' clock (so a test moves it, never waits); KV's own
 * expiry only clears old copies.
 */
export async function adminOverview({ db, kv, clock }: Pick<Deps, 'db' | 'kv' | 'clock'>, actor: Actor) {
  authorize(actor, 'overview.read');
  const now = clock.now();
  try {
    const hit = cachedShape.safeParse(await kv?.get(OVERVIEW_KV_KEY, 'json'));
    const age = hit.success ? now.getTime() - hit.data.at : Number.POSITIVE_INFINITY;
    if (hit.success && age >= 0 && age < OVERVIEW_MAX_AGE_MS) return hit.data.value as unknown as AdminOverview;
  } catch (err) {
    console.warn('Admin overview: KV read failed, reading the database', err);
  }
  const value = await readOverview(db, now);
  // A failed write costs the next reader a database read, never a wrong figure.
  await kv?.put(OVERVIEW_KV_KEY, JSON.stringify({ at: now.getTime(), value }), { expirationTtl: 120 }).catch(() => {});
  return value;
}
