import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { createApp } from '../../functions/app';
import type { Db } from '../../functions/db/client';
import { schema } from '../../functions/db/client';
import type { Bindings } from '../../functions/env';

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

/** The Hono app in-process over a libSQL database, with a local environment. */
export function createLibsqlApp(db: Db, vars: Partial<Bindings> = {}) {
  const app = createApp({ db: () => db });
  const env = { ENVIRONMENT: 'local', PUBLIC_URL: 'http://localhost:4321', ...vars } as Bindings;
  return {
    app,
    env,
    request: (path: string, init?: RequestInit) => app.request(path, init, env),
  };
}
