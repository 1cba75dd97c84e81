import { eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { authThrottle } from '../../db/schema';
import type { GateStatus } from '../../lib/coming-soon';
import { ApiError, forbidden } from '../../lib/errors';
import { signAccess } from '../../shared/site-settings/access-cookie';
import { type GateServices, gateStatus, MAX_UNLOCK_FAILURES, UNLOCK_WINDOW_MS } from '../../shared/site-settings/gate';
import { passcodeVersion, verifyPasscode } from '../../shared/site-settings/passcode';
import { readGateSettings } from '../../shared/site-settings/store';

/**
 * Whether this request may see the site while the coming-soon gate is on (GET /api/gate/status).
 * Open to everyone: it says only what this browser and session may see.
 */
export async function readSiteAccess(services: GateServices, actor: Actor, headers: Headers): Promise<GateStatus> {
  const viewer = authorize(actor, 'public');
  return gateStatus(services, headers, async () => viewer);
}

/**
 * Checks a passcode (exactly, SPEC 5) and returns the access cookie's value. A wrong one is a bare
 * 403 (the page shows no message); many wrong ones from one address are refused for a while.
 */
export async function unlockGate(deps: GateServices, actor: Actor, passcode: string, address: string | null) {
  authorize(actor, 'public');
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
