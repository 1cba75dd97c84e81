import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { resolveChromium } from '../../scripts/lib/browser.mjs';
import { buildProduct, prepareState, serve } from '../../scripts/serve.mjs';
import { freePort } from '../support/ports';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The server's persisted local state (wrangler --persist-to): tests may seed rows with `wrangler d1 execute` or reach D1/KV through wrangler's platform proxy. */
    statePath: string;
    /**
     * A state migrated and seeded once with the demo, never served: a test file's server of its own copies it
     * (`serve({ from })`, `ownServer`) instead of seeding again (docs/testing.md).
     */
    seededState: string;
    /** The JSON-RPC endpoint of the server's own local chain (a test wallet forwards to it, as an extension does). */
    chainRpc: string;
    /** The Chromium the browser tests launch (scripts/lib/browser.mjs) and what its process needs in its environment. */
    chromium: { path: string; source: 'system' | 'npm'; env: Record<string, string> };
  }
}

/**
 * One build and one server for every browser and HTTP test, started the way `npm start` starts it
 * (build, migrations, seed, wrangler dev on workerd), on a fresh persisted state of its own.
 */
/** Per-address sign-up/sign-in limits for the shared test server. */
export const E2E_AUTH_LIMITS = {
  AUTH_SIGN_UP_PER_MINUTE: '5000',
  AUTH_SIGN_IN_PER_MINUTE: '5000',
  AUTH_SIGN_UP_PER_HOUR: '5000',
  CHECKOUTS_PER_MINUTE_PER_ADDRESS: '5000',
  SHORT_LINKS_PER_HOUR_PER_ADDRESS: '5000',
  APPLICATIONS_PER_HOUR_PER_ADDRESS: '5000',
  CAMPAIGN_SOCKETS_PER_ADDRESS: '5000',
  // The demo accounts are signed in by many files' browsers at once (the cap: tests/workers/realtime.test.ts).
  SOCKETS_PER_ACCOUNT: '5000',
};

export default async function setup(project: TestProject) {
  // Resolved (and the npm one unpacked) once, before any test file starts a browser.
  const chromium = await resolveChromium();
  console.log(`browser tests: Chromium from ${chromium.source === 'npm' ? '@sparticuz/chromium' : chromium.path}`);
  project.provide('chromium', chromium);
  const seeded = mkdtempSync(join(tmpdir(), 'reelfund-e2e-seeded-'));
  // The build and the seed need nothing of each other: both at once.
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  await Promise.all([
    process.env.E2E_NO_BUILD === '1'
      ? null
      : buildProduct().then(() => console.log(`browser tests: built in ${seconds()} s`)),
    prepareState({ persistTo: seeded, quiet: true }).then(() =>
      console.log(`browser tests: the demo migrated and seeded once in ${seconds()} s`),
    ),
  ]);
  const state = mkdtempSync(join(tmpdir(), 'reelfund-e2e-'));
  const port = 4500 + Math.floor(Math.random() * 400);
  const chainPort = await freePort();
  const server = await serve({
    port,
    persistTo: state,
    from: seeded,
    build: false,
    quiet: true,
    // Every browser test signs up its own users from one address: lift the per-address flood limits
    // (the per-account failed-sign-in limit still applies and has its own test).
    vars: E2E_AUTH_LIMITS,
    // Its own local chain (creator coins), on a port of its own.
    chainPort,
  });
  project.provide('baseUrl', server.url);
  project.provide('statePath', state);
  project.provide('seededState', seeded);
  project.provide('chainRpc', `http://127.0.0.1:${chainPort}`);
  return async () => {
    await server.stop();
    rmSync(state, { recursive: true, force: true });
    rmSync(seeded, { recursive: true, force: true });
  };
}
