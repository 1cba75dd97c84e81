import { eq, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/viewer';
import { authThrottle } from '../../db/schema';
import type { GateStatus } from '../../lib/coming-soon';
import { ApiError, forbidden } from '../../lib/errors';
import { isAdmin } from '../../lib/roles';
import type { Services } from '../../platform/services';
import { ACCESS_COOKIE, readCookie, signAccess, verifyAccess } from './access-cookie';
import { passcodeVersion, verifyPasscode } from './passcode';
import { readGateSettings } from './store';

/** The gate reads its settings (KV, then the table), checks cookies signed with AUTH_SECRET, by the clock. */
type GateServices = Pick<Services, 'db' | 'kv' | 'config' | 'clock'>;

/**
 * Whether this request may see the site (SPEC 4): yes while the gate is off; otherwise with a
 * valid access cookie, or as a signed-in admin (admins are never locked out). `viewer` is asked
 * only when the cookie does not settle it.
 */
export async function gateStatus(
  deps: GateServices,
  headers: Headers,
  viewer: () => Promise<Viewer | null>,
): Promise<GateStatus> {
  const settings = await readGateSettings(deps);
  if (!settings.enabled) return { enabled: false, authorized: true, byPasscode: false };
  const cookie = readCookie(headers, ACCESS_COOKIE);
  const now = deps.clock.now().getTime();
  if (cookie && (await verifyAccess(deps.config.AUTH_SECRET, cookie, passcodeVersion(settings.passcode), now))) {
    return { enabled: true, authorized: true, byPasscode: true };
  }
  const v = await viewer();
  return { enabled: true, authorized: v !== null && isAdmin(v.roles), byPasscode: false };
}

/** Wrong passcodes allowed per client address within one window, before unlocking is refused for a while. */
export const MAX_UNLOCK_FAILURES = 10;
export const UNLOCK_WINDOW_MS = 15 * 60 * 1000;

/**
 * Checks a passcode (exactly, SPEC 5) and returns the access cookie's value. A wrong one is a bare
 * 403 (the page shows no message); many wrong ones from one address are refused for a while.
 */
export async function unlockGate(deps: GateServices, passcode: string, address: string | null) {
  const now = deps.clock.now().getTime();
  const key = address ? `coming-soon:${address}` : null;
  if (key) {
    const row = await deps.db.select().from(authThrottle).where(eq(authThrottle.key, key)).get();
    if (row && now - row.windowStartedAt < UNLOCK_WINDOW_MS && row.failures >= MAX_UNLOCK_FAILURES)
      throw new ApiError('rate_limited', 'Too many attempts. Try again later.');
  }
  const settings = await readGateSettings(deps);
  if (!(await verifyPasscode(passcode, settings.passcode))) {
    if (key) {
      const cutoff = now - UNLOCK_WINDOW_MS;
      await deps.db
        .insert(authThrottle)
        .values({ key, failures: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: authThrottle.key,
          set: {
            failures: sql`case when ${authThrottle.windowStartedAt} <= ${cutoff} then 1 else ${authThrottle.failures} + 1 end`,
            windowStartedAt: sql`case when ${authThrottle.windowStartedAt} <= ${cutoff} then ${now} else ${authThrottle.windowStartedAt} end`,
          },
        });
    }
    throw forbidden('That passcode is not right');
  }
  return signAccess(deps.config.AUTH_SECRET, passcodeVersion(settings.passcode), now);
}
