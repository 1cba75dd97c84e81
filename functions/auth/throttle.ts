import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { authThrottle } from '../db/schema';

/** Failed sign-ins allowed per account, and per client address, within one window. */
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 30;
export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;

const keysFor = (email: string, ip: string | null) => [
  { key: `account:${email.trim().toLowerCase()}`, max: MAX_FAILURES_PER_ACCOUNT },
  ...(ip ? [{ key: `address:${ip}`, max: MAX_FAILURES_PER_ADDRESS }] : []),
];

/** Seconds until the caller may try again, or 0 when a sign-in attempt is allowed now. */
export async function signInBlockedFor(db: Db, email: string, ip: string | null, now = Date.now()): Promise<number> {
  let wait = 0;
  for (const { key, max } of keysFor(email, ip)) {
    const row = await db.select().from(authThrottle).where(eq(authThrottle.key, key)).get();
    if (!row || now - row.windowStartedAt >= THROTTLE_WINDOW_MS) continue;
    if (row.failures >= max) wait = Math.max(wait, Math.ceil((row.windowStartedAt + THROTTLE_WINDOW_MS - now) / 1000));
  }
  return wait;
}

/** Counts one failed sign-in (atomic upsert; a stale window starts over). */
export async function recordSignInFailure(db: Db, email: string, ip: string | null, now = Date.now()) {
  const cutoff = now - THROTTLE_WINDOW_MS;
  const writes = keysFor(email, ip).map(({ key }) =>
    db
      .insert(authThrottle)
      .values({ key, failures: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${authThrottle.windowStartedAt} <= ${cutoff} then 1 else ${authThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${authThrottle.windowStartedAt} <= ${cutoff} then ${now} else ${authThrottle.windowStartedAt} end`,
        },
      }),
  );
  const [first, ...rest] = writes;
  if (first) await db.batch([first, ...rest]);
}

/** A successful sign-in clears the account's count (not the address's). */
export async function clearSignInFailures(db: Db, email: string) {
  await db.delete(authThrottle).where(eq(authThrottle.key, `account:${email.trim().toLowerCase()}`));
}
