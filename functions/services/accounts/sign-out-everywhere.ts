import { eq } from 'drizzle-orm';
import type { Auth } from '../../auth';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { session } from '../../db/schema';

/**
 * Global sign-out (SPEC 4): better-auth ends this session and gives the cookie-clearing headers,
 * then every other session of the user is revoked. Returns the Set-Cookie headers for this browser.
 */
export async function signOutEverywhere(auth: Auth, db: Db, viewer: Viewer, headers: Headers): Promise<string[]> {
  const { headers: out } = await auth.api.signOut({ headers, returnHeaders: true });
  await db.delete(session).where(eq(session.userId, viewer.userId));
  return out.getSetCookie();
}
