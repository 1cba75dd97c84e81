import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type Stripe from 'stripe';
import { createApp } from '../../functions/app';
import type { Db } from '../../functions/db/client';
import { schema } from '../../functions/db/client';
import type { Bindings } from '../../functions/env';
import { createDeps } from '../../functions/platform/create-deps';
import type { Deps, DepsOverrides } from '../../functions/platform/deps';
import { silentDoorbell } from '../../functions/realtime/doorbell';

/**
 * A fresh libSQL database file with the real migrations applied, on the production driver
 * (@libsql/client), wrapped in drizzle exactly as production wraps it.
 */
export async function createLibsqlDb() {
  const dir = mkdtempSync(join(tmpdir(), 'reelfund-libsql-'));
  const url = `file:${join(dir, 'test.db')}`;
  const client = createClient({ url });
  await client.execute('PRAGMA foreign_keys = ON');
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: './migrations' });
  return {
    db: db as unknown as Db,
    client,
    /** The file's URL, to open the same database again (a restart on the same persisted state). */
    url,
    close() {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A Node caller's local environment: no D1, KV, R2 or Durable Objects. */
export const NODE_ENV = { ENVIRONMENT: 'local', PUBLIC_URL: 'http://localhost:4321' } as Bindings;

/** The factory's deps over a libSQL database, as a Node-side caller gets them: silent doorbell, no KV, no R2. */
export function libsqlDeps(db: Db, overrides: DepsOverrides = {}): Deps {
  return createDeps(NODE_ENV, { db, bell: silentDoorbell, kv: null, media: null, ...overrides });
}

/** The Hono app in-process over a libSQL database, with a local environment. */
export function createLibsqlApp(db: Db, vars: Partial<Bindings> = {}) {
  const app = createApp({ db });
  const env = { ...NODE_ENV, ...vars } as Bindings;
  return {
    app,
    env,
    request: (path: string, init?: RequestInit) => app.request(path, init, env),
  };
}

/** A Stripe client for tests that must not call Stripe: any use throws (and fails the test). */
export function stripeNotExpected(why = 'no Stripe call expected'): Stripe {
  return new Proxy({} as Stripe, {
    get() {
      throw new Error(why);
    },
  });
}
