import { type Actor, authorize } from '../../auth/authorize';
import { clearAttempts, reserveAttempt } from '../../db/attempts';
import { DomainError, forbidden } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import type { GateStatus } from '../../domain/site/coming-soon';
import { signAccess } from '../../domain/site-settings/access-cookie';
import { unlockInput } from '../../domain/site-settings/input';
import { passcodeVersion, verifyPasscode } from '../../domain/site-settings/passcode';
import { readGateSettings } from './internal/store';
import { type GateDeps, gateStatus, MAX_UNLOCK_FAILURES, UNLOCK_WINDOW_MS } from './lib/gate-access';

/**
 * Whether this request may see the site while the coming-soon gate is on (GET /api/gate/status).
 * Open to everyone: it says only what this browser and session may see.
 */
export async function readSiteAccess(deps: GateDeps, actor: Actor, headers: Headers): Promise<GateStatus> {
  const viewer = authorize(actor, 'gate.read');
  return gateStatus(deps, headers, async () => viewer);
}

/**
 * Checks a passcode (exactly, case and spaces included) and returns the access cookie's value. A wrong one is a bare
 * 403 (the page shows no message); each try is reserved before the check (so parallel guesses are
 * counted too), and many from one address are refused for a while. A right one clears the count.
 */
export async function unlockGate(deps: GateDeps, actor: Actor, passcode: string, address: string | null) {
  authorize(actor, 'gate.unlock');
  ({ passcode } = parseInput(unlockInput, { passcode }));
  const now = deps.clock.now().getTime();
  const key = address ? `coming-soon:${address}` : null;
  if (key) {
    const wait = await reserveAttempt(deps.db, [{ key, max: MAX_UNLOCK_FAILURES, windowMs: UNLOCK_WINDOW_MS }], now);
    if (wait > 0) throw new DomainError('rate_limited', 'Too many attempts. Try again later.');
  }
  const settings = await readGateSettings(deps);
  if (!(await verifyPasscode(passcode, settings.passcode))) throw forbidden('That passcode is not right');
  if (key) await clearAttempts(deps.db, key);
  return signAccess(deps.config.AUTH_SECRET, passcodeVersion(settings.passcode), now);
}
