import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { profiles, userRoles } from '../db/schema';
import type { Auth } from './auth';
import type { Viewer } from './identity';

export type { Viewer } from './identity';

export interface ResolvedViewer {
  viewer: Viewer | null;
  /** Set-Cookie headers from a session refresh, to be passed on to the browser. */
  setCookies: string[];
}

export async function loadProfileAndRoles(db: Db, userId: string) {
  const [profile, roles] = await db.batch([
    db
      .select({ username: profiles.username, avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.userId, userId)),
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
  ]);
  return { profile: profile[0] ?? null, roles: roles.map((r) => r.role) };
}

/** Reads the session (refreshing it when it is due) and the viewer's profile and roles. */
export async function resolveViewer(
  deps: { readonly auth: Auth; readonly db: Db },
  headers: Headers,
): Promise<ResolvedViewer> {
  if (!headers.get('cookie')?.includes('session_token')) return { viewer: null, setCookies: [] };
  const { headers: out, response } = await deps.auth.api.getSession({ headers, returnHeaders: true });
  const setCookies = out.getSetCookie();
  if (!response) return { viewer: null, setCookies };
  const { profile, roles } = await loadProfileAndRoles(deps.db, response.user.id);
  return {
    viewer: {
      userId: response.user.id,
      email: response.user.email,
      username: profile?.username ?? null,
      avatarUrl: profile?.avatarUrl ?? null,
      roles,
      sessionExpiresAt: new Date(response.session.expiresAt).toISOString(),
    },
    setCookies,
  };
}
