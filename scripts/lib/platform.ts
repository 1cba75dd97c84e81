import { resolve } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { type Db, getDb } from '../../functions/db/client';
import type { Bindings } from '../../functions/env';

/**
 * Opens the local bindings (D1, KV, R2) that `wrangler dev` serves from the same persisted state,
 * so Node-side commands run the app's own services. Durable Objects are not reachable this way.
 */
export async function openPlatform(persistTo = '.wrangler/state') {
  // The proxy cannot host this worker's Durable Objects and says so at length; only errors matter here.
  process.env.WRANGLER_LOG ??= 'error';
  const proxy = await getPlatformProxy<Bindings>({
    configPath: './wrangler.toml',
    persist: { path: resolve(persistTo, 'v3') },
    remoteBindings: false,
  });
  const env = proxy.env;
  const db: Db = getDb(env);
  return { env, db, dispose: () => proxy.dispose() };
}

export function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}
