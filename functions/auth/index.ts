import type { Db } from '../db/client';
import { type Auth, type AuthDeps, createAuth } from './auth';

const instances = new WeakMap<Db, Auth>();

/** The better-auth instance for this database (built once per isolate and database); deps.auth. */
export function authFor(deps: AuthDeps): Auth {
  let auth = instances.get(deps.db);
  if (!auth) {
    auth = createAuth(deps);
    instances.set(deps.db, auth);
  }
  return auth;
}

export type { Auth };
