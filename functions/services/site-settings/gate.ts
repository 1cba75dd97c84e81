import type { Viewer } from '../../auth/viewer';
import { clearAttempts, reserveAttempt } from '../../db/attempts';
import type { GateStatus } from '../../lib/coming-soon';
import { ApiError, forbidden } from '../../lib/errors';
import { isAdmin } from '../../lib/roles';
import { ACCESS_COOKIE, readCookie, signAccess, verifyAccess } from './access-cookie';
import { passcodeVersion, verifyPasscode } from './passcode';
import { readGateSettings, type SettingsDeps } from './store';

export interface GateDeps extends SettingsDeps {
  /** AUTH_SECRET: signs the access cookie. */
  secret: string;
}

/**
 * Whether this request may see the site (SPEC 4): yes while the gate is off; otherwise with a
 * valid access cookie, or as a signed-in admin (admins are never locked out). `viewer` is asked
 * only when the cookie does not settle it.
 */
export async function gateStatus(
  deps: GateDeps,
  headers: Headers,
  viewer: () => Promise<Viewer | null>,
): Promise<GateStatus> {
  const settings = await readGateSettings(deps);
  if (!settings.enabled) return { enabled: false, authorized: true, byPasscode: false };
  const cookie = readCookie(headers, ACCESS_COOKIE);
  if (cookie && (await verifyAccess(deps.secret, cookie, passcodeVersion(settings.passcode)))) {
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
 * 403 (the page shows no message); each try is reserved before the check (so parallel guesses are
 * counted too), and many from one address are refused for a while. A right one clears the count.
 */
export async function unlockGate(deps: GateDeps, passcode: string, address: string | null, now = Date.now()) {
  const key = address ? `coming-soon:${address}` : null;
  if (key) {
    const wait = await reserveAttempt(deps.db, [{ key, max: MAX_UNLOCK_FAILURES, windowMs: UNLOCK_WINDOW_MS }], now);
    if (wait > 0) throw new ApiError('rate_limited', 'Too many attempts. Try again later.');
  }
  const settings = await readGateSettings(deps);
  if (!(await verifyPasscode(passcode, settings.passcode))) throw forbidden('That passcode is not right');
  if (key) await clearAttempts(deps.db, key);
  return signAccess(deps.secret, passcodeVersion(settings.passcode), now);
}
