import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { serve } from '../../scripts/serve.mjs';
import { E2E_AUTH_LIMITS } from '../e2e/global-setup';
import { freePort } from './ports';

export interface OwnServer {
  url: string;
  /** Its persisted local state (wrangler --persist-to). */
  state: string;
  stop: () => Promise<void>;
}

/**
 * The built product on a fresh state of its own, for a test file that writes the server's database
 * directly (`wrangler d1 execute`, the platform proxy). A second process writing the shared server's
 * SQLite file makes the server's own writes for other tests fail as busy (a sign-in answering 500).
 */
export async function ownServer(name: string, { seed = true } = {}): Promise<OwnServer> {
  const state = mkdtempSync(join(tmpdir(), `reelfund-e2e-${name}-`));
  const server = await serve({
    port: await freePort(),
    persistTo: state,
    build: false,
    // The demo as the global setup seeded it once; unseeded, migrations only.
    ...(seed ? { from: inject('seededState') } : { seed: false }),
    quiet: true,
    vars: E2E_AUTH_LIMITS,
  });
  return {
    url: server.url,
    state,
    async stop() {
      await server.stop();
      rmSync(state, { recursive: true, force: true });
    },
  };
}
