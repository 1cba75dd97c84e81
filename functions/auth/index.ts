import type { Db } from '../db/client';
import type { Bindings, Config } from '../env';
import { createMailer } from '../services/mail/mailer';
import { type Auth, createAuth } from './auth';

const instances = new WeakMap<Db, Auth>();

/** The better-auth instance for this database (built once per isolate and database). */
export function authFor(db: Db, config: Config, env: Pick<Bindings, 'KV'>): Auth {
  let auth = instances.get(db);
  if (!auth) {
    auth = createAuth({ db, config, mailer: createMailer(config, env) });
    instances.set(db, auth);
  }
  return auth;
}

export type { Auth };
