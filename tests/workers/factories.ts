import { eq } from 'drizzle-orm';
import type { Viewer } from '../../functions/auth/viewer';
import { getDb } from '../../functions/db/client';
import { user } from '../../functions/db/schema';
import type { Role } from '../../functions/domain/users/roles';
import { grantRole } from '../../functions/services/accounts/internal/roles';
import { cookieFrom, jsonInit } from '../support/http';
import { call, env } from './worker-call';

export const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 10);

export { cookieFrom, jsonInit, ORIGIN } from '../support/http';

export interface TestUser {
  id: string;
  email: string;
  username: string;
  password: string;
  cookie: string;
}

/** A real account made through the sign-up API (profile + viewer), with extra roles granted. */
export async function makeUser(roles: Role[] = [], prefix = 'u'): Promise<TestUser> {
  const username = `${prefix}_${uid()}`;
  const email = `${username}@example.test`;
  const password = 'test-password-1';
  const res = await call('/api/auth/sign-up/email', jsonInit('POST', { email, password, name: username }));
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const db = getDb(env);
  const row = await db.select({ id: user.id }).from(user).where(eq(user.email, email)).get();
  if (!row) throw new Error('user missing');
  for (const role of roles) await grantRole(db, row.id, role);
  return { id: row.id, email, username, password, cookie: cookieFrom(res) };
}

/** The viewer a session of `u` resolves to, for calling verbs directly. */
export const asViewer = (u: TestUser, roles: Viewer['roles']): Viewer => ({
  userId: u.id,
  email: u.email,
  username: u.username,
  avatarUrl: null,
  roles,
  sessionExpiresAt: new Date(Date.now() + 3_600_000).toISOString(),
});

export const ACTORS = ['anonymous', 'viewer', 'user', 'contributor', 'editor', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];

/** The roles each actor holds besides viewer, every account's base role. */
export const ROLES_OF: Record<Actor, Role[]> = {
  anonymous: [],
  viewer: [],
  user: ['user'],
  contributor: ['contributor'],
  editor: ['editor'],
  admin: ['admin'],
};

/** One user per role. */
export async function makeActors(): Promise<Record<Actor, TestUser | null>> {
  const out = { anonymous: null } as Record<Actor, TestUser | null>;
  for (const actor of ACTORS) if (actor !== 'anonymous') out[actor] = await makeUser(ROLES_OF[actor], actor);
  return out;
}
