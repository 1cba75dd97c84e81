import { eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/viewer';
import { session } from '../../db/schema';
import type { Services } from '../../platform/services';

/**
 * Global sign-out (SPEC 4): better-auth ends this session and gives the cookie-clearing headers,
 * then every other session of the user is revoked. Returns the Set-Cookie headers for this browser.
 */
export async function signOutEverywhere(
  services: Pick<Services, 'auth' | 'db'>,
  viewer: Viewer,
  headers: Headers,
): Promise<string[]> {
  const { headers: out } = await services.auth.api.signOut({ headers, returnHeaders: true });
  await services.db.delete(session).where(eq(session.userId, viewer.userId));
  return out.getSetCookie();
}
