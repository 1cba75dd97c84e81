import type { Viewer } from '../../../auth/viewer';
import type { GateStatus } from '../../../domain/site/coming-soon';
import { ACCESS_COOKIE, readCookie, verifyAccess } from '../../../domain/site-settings/access-cookie';
import { passcodeVersion } from '../../../domain/site-settings/passcode';
import { isAdmin } from '../../../domain/users/roles';
import type { Deps } from '../../../platform/deps';
import { readGateSettings } from '../internal/store';

/** The gate reads its settings (KV, then the table), checks cookies signed with AUTH_SECRET, by the clock. */
export type GateDeps = Pick<Deps, 'db' | 'kv' | 'config' | 'clock' | 'followUps'>;

/**
 * Whether this request may see the site: yes while the gate is off; otherwise with a
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
