import { eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { session } from '../../db/schema';
import type { Deps } from '../../platform/deps';

/**
 * Global sign-out: better-auth ends this session and gives the cookie-clearing headers,
 * then every other session of the user is revoked. Returns the Set-Cookie headers for this browser.
 */
export async function signOutEverywhere(
  deps: Pick<Deps, 'auth' | 'db'>,
  actor: Actor,
  headers: Headers,
): Promise<string[]> {
  const viewer = authorize(actor, 'session.revoke-own');
  const { headers: out } = await deps.auth.api.signOut({ headers, returnHeaders: true });
  await deps.db.delete(session).where(eq(session.userId, viewer.userId));
  return out.getSetCookie();
}
