import { createClient } from '@libsql/client/web';
import { type DrizzleD1Database, drizzle as drizzleD1 } from 'drizzle-orm/d1';
import { drizzle as drizzleLibsql } from 'drizzle-orm/libsql/web';
import * as schema from './schema';

/**
 * The app's database handle. D1 and libSQL share the sqlite-core schema and query builder; the
 * D1 type is used for both (their builders are the same), and `batch` is atomic on both.
 */
export type Db = DrizzleD1Database<typeof schema>;

export interface DbEnv {
  DB: D1Database;
  DATABASE_URL?: string;
  DATABASE_AUTH_TOKEN?: string;
}

const cache = new WeakMap<object, Db>();

/** D1 locally (wrangler's simulated SQLite file) and wherever DATABASE_URL is unset; Turso/libSQL over HTTP otherwise. */
export function getDb(env: DbEnv): Db {
  const hit = cache.get(env);
  if (hit) return hit;
  const db = env.DATABASE_URL
    ? (drizzleLibsql(createClient({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN }), {
        schema,
      }) as unknown as Db)
    : drizzleD1(env.DB, { schema });
  cache.set(env, db);
  return db;
}

export { schema };
