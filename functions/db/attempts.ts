import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { authThrottle } from './schema';

/** At most `max` attempts under `key` within a window of `windowMs` (the window starts at its first attempt). */
export interface AttemptLimit {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Reserves one attempt under every limit before the work is done: one conditional upsert per key
 * that adds the attempt only while the key is under its limit (or its window is over), so parallel
 * requests can never all pass a check made before any of them counted. Returns 0 when reserved,
 * else the seconds until the fullest limit frees a slot (nothing is kept reserved then).
 */
export async function reserveAttempt(db: Db, limits: readonly AttemptLimit[], now = Date.now()): Promise<number> {
  if (limits.length === 0) return 0;
  const writes = limits.map(({ key, max, windowMs }) => {
    const stale = sql`${authThrottle.windowStartedAt} <= ${now - windowMs}`;
    return db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${stale} then 1 else ${authThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${stale} then ${now} else ${authThrottle.windowStartedAt} end`,
        },
        setWhere: sql`${stale} or ${authThrottle.failures} < ${max}`,
      })
      .returning({ key: authThrottle.key });
  });
  const [first, ...rest] = writes;
  if (!first) return 0;
  const results = await db.batch([first, ...rest]);
  const refused = limits.filter((_, i) => (results[i] as unknown[]).length === 0);
  if (refused.length === 0) return 0;
  await releaseAttempt(
    db,
    limits.filter((l) => !refused.includes(l)).map((l) => l.key),
  );
  const rows = await db
    .select()
    .from(authThrottle)
    .where(
      inArray(
        authThrottle.key,
        refused.map((l) => l.key),
      ),
    );
  let wait = 1;
  for (const row of rows) {
    const limit = refused.find((l) => l.key === row.key);
    if (limit) wait = Math.max(wait, Math.ceil((row.windowStartedAt + limit.windowMs - now) / 1000));
  }
  return wait;
}

/** Gives back one reserved attempt (the work it was reserved for did not count: a refusal of another kind). */
export async function releaseAttempt(db: Db, keys: readonly string[]) {
  if (keys.length === 0) return;
  await db
    .update(authThrottle)
    .set({ failures: sql`max(${authThrottle.failures} - 1, 0)` })
    .where(inArray(authThrottle.key, [...keys]));
}

/** Forgets every attempt under `key` (a success that clears the count). */
export async function clearAttempts(db: Db, key: string) {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}
