import type { Db } from '../db/client';
import { type Auth, type AuthDeps, createAuth } from './auth';

const instances = new WeakMap<Db, Auth>();

/** The better-auth instance for this database (built once per isolate and database); services.auth. */
export function authFor(services: AuthDeps): Auth {
  let auth = instances.get(services.db);
  if (!auth) {
    auth = createAuth(services);
    instances.set(services.db, auth);
  }
  return auth;
}

export type { Auth };
