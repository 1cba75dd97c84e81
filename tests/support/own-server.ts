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
  /** Its local chain's node, when it was started with `chainPort`. */
  chainUrl?: string;
  /** Stops it (and its chain) and removes its state. */
  stop: () => Promise<void>;
}

/**
 * The built product on a fresh state of its own, for a test file that must not share the phase's server
 * (docs/testing.md lists why a file may: it writes the server's database directly, moves its clock, its
 * site-wide settings or its chain). A second process writing the shared server's SQLite file makes the
 * server's own writes for other tests fail as busy (a sign-in answering 500).
 * `vars` go over the lifted flood limits; `chainPort` starts a local chain of its own there.
 */
export async function ownServer(
  name: string,
  { seed = true, vars = {}, chainPort }: { seed?: boolean; vars?: Record<string, string>; chainPort?: number } = {},
): Promise<OwnServer> {
  const state = mkdtempSync(join(tmpdir(), `reelfund-e2e-${name}-`));
  const server = await serve({
    port: await freePort(),
    persistTo: state,
    build: false,
    // The demo as the global setup seeded it once; unseeded, migrations only.
    ...(seed ? { from: inject('seededState') } : { seed: false }),
    quiet: true,
    vars: { ...E2E_AUTH_LIMITS, ...vars },
    ...(chainPort ? { chainPort } : {}),
  });
  return {
    url: server.url,
    state,
    chainUrl: server.chainUrl,
    async stop() {
      await server.stop();
      rmSync(state, { recursive: true, force: true });
    },
  };
}
