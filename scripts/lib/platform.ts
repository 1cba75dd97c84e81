import { resolve } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import type { Db } from '../../functions/db/client';
import type { Bindings } from '../../functions/env';
import { createDeps } from '../../functions/platform/create-deps';
import { silentCampaignBell } from '../../functions/realtime/campaign-bell';
import { silentDoorbell } from '../../functions/realtime/doorbell';

/**
 * Opens the local bindings (D1, KV, R2) that `wrangler dev` serves from the same persisted state,
 * and the app's deps over them, so Node-side commands run the app's own verbs. Durable Objects
 * are not reachable this way: the doorbell and the campaign bell are silent (ringing a channel here
 * fails with "no such actor class" and would print a stack trace at every seed).
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
  const pending: Promise<unknown>[] = [];
  const deps = createDeps(env, {
    bell: silentDoorbell,
    campaignBell: silentCampaignBell,
    schedule: (work) => void pending.push(work.catch((err) => console.error('background work failed:', err))),
  });
  const db: Db = deps.db;
  return {
    env,
    db,
    deps,
    async dispose() {
      while (pending.length) await Promise.all(pending.splice(0));
      await proxy.dispose();
    },
  };
}

export function argValue(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
}
