// Builds the product, prepares the embedded database and serves it on workerd (wrangler dev).
// Used by `npm start`, by the browser and HTTP tests and by the benchmarks, so all three run the
// product the same way.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startHardhatNode } from './lib/hardhat-node.mjs';
import { run, stopGroup, waitForUrl } from './lib/proc.mjs';

export const DEFAULT_PORT = 4321;
export const DEFAULT_STATE = '.wrangler/state';
/** Where the local chain's node listens for `npm start` (tests give their own port). */
export const DEFAULT_CHAIN_PORT = 8545;

/**
 * @param {{ port?: number, inspectorPort?: number, persistTo?: string, build?: boolean, seed?: boolean, quiet?: boolean, verbose?: boolean, vars?: Record<string,string>, beforeStart?: (state: string) => Promise<void>, chainPort?: number | null, from?: string }} options
 * `chainPort`: where the local chain (a Hardhat node, chain 31337) listens; null (the default) runs none.
 * `quiet`: print nothing. Otherwise the start prints its progress lines and the address, and then only errors;
 * `verbose` adds wrangler's own lines (each request, its offline warnings).
 * `from`: a state that `prepareState` made (migrated and seeded), copied into `persistTo` when that has none
 * yet, instead of migrating and seeding again (the tests' servers: docs/testing.md).
 * @returns {Promise<{ url: string, stop: () => Promise<void>, chainUrl?: string, output: () => string, innerUrl: () => Promise<string | undefined> }>}
 */
export async function serve({
  port = DEFAULT_PORT,
  inspectorPort,
  persistTo = DEFAULT_STATE,
  build = true,
  seed = true,
  quiet = false,
  verbose = false,
  vars = {},
  beforeStart,
  chainPort = null,
  from,
} = {}) {
  const log = (m) => quiet || console.log(`\x1b[36m[reelfund]\x1b[0m ${m}`);
  const state = resolve(persistTo);
  // The local chain starts while the build runs; it keeps nothing, so the recorded coins are deployed again below.
  const chain = chainPort ? startHardhatNode({ port: chainPort }) : null;
  chain?.catch(() => {});
  let node = null;
  try {
    if (build) {
      log('building…');
      await buildProduct();
    }
    if (from && !existsSync(resolve(state, 'v3'))) {
      log(`copying the prepared state ${from}…`);
      cpSync(resolve(from), state, { recursive: true });
    } else if (!from) {
      await prepareState({ persistTo: state, seed, quiet });
    }

    if (chain) {
      node = await chain;
      log(`local chain (Hardhat, id 31337) at ${node.url}; deploying the factory and the recorded coins…`);
      const out = await run('tsx', ['scripts/local-chain.ts', '--persist-to', state, '--rpc', node.url], {
        quiet: true,
      });
      if (!quiet) for (const line of out.split('\n')) if (line.startsWith('  ')) console.log(line);
    }
  } catch (err) {
    // Nothing keeps running when start-up fails: the chain's node stops too.
    await (await chain?.catch(() => null))?.stop();
    throw err;
  }

  if (beforeStart) await beforeStart(state);

  const url = `http://localhost:${port}`;
  const varArgs = Object.entries({ PUBLIC_URL: url, ...(node ? { RPC_URL: node.url } : {}), ...vars }).flatMap(
    ([k, v]) => ['--var', `${k}:${v}`],
  );
  const child = spawn(
    'wrangler',
    [
      'dev',
      '--port',
      String(port),
      '--ip',
      '127.0.0.1',
      '--persist-to',
      state,
      '--log-level',
      verbose ? 'info' : 'error',
      ...(inspectorPort ? ['--inspector-port', String(inspectorPort)] : []),
      ...varArgs,
    ],
    {
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, CI: 'true' },
      detached: true,
    },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise((_, reject) =>
    child.on('exit', (code) => reject(new Error(`wrangler dev exited (${code})\n${output}`))),
  );
  exited.catch(() => {});
  /** Stops wrangler dev and everything it started (its process group), and the chain's node. */
  const stop = async () => {
    await node?.stop();
    await stopGroup(child);
  };
  try {
    await Promise.race([waitForUrl(`${url}/api/health`), exited]);
  } catch (err) {
    // A server that never answered is not left running behind the error.
    await stop();
    throw err;
  }
  log(`Reelfund is running at ${url}`);
  return {
    url,
    output: () => output,
    innerUrl: () => innerUrl(child.pid, port),
    chainUrl: node?.url,
    stop,
  };
}

/** `astro build`, always the build that ships. */
export async function buildProduct() {
  // The test runner sets NODE_ENV=test, which would bundle React's development build into every page
  // the browser tests open.
  await run('astro', ['build'], { quiet: true, env: { NODE_ENV: 'production' } });
}

/**
 * Applies the migrations to the embedded database (D1, local) and, with `seed`, seeds it once: a state
 * `wrangler dev` can serve, or that `serve({ from })` copies. Nothing may have it open meanwhile.
 * @param {{ persistTo: string, seed?: boolean, quiet?: boolean }} options
 */
export async function prepareState({ persistTo, seed = true, quiet = false }) {
  const log = (m) => quiet || console.log(`\x1b[36m[reelfund]\x1b[0m ${m}`);
  const state = resolve(persistTo);
  log('applying migrations to the embedded database (D1, local)…');
  await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], {
    quiet: true,
    env: { CI: 'true' },
  });
  if (seed) {
    log('seeding (once)…');
    const seedOutput = await run('tsx', ['scripts/seed.ts', '--persist-to', state], { quiet: true });
    if (!quiet) for (const line of seedOutput.split('\n')) if (line.startsWith('  ')) console.log(line);
  }
}

/**
 * The address of the workerd that runs the worker itself, behind wrangler dev's proxy (wrangler 4
 * dev answers on `port` from a second workerd whose ProxyWorker forwards every request, WebSockets
 * included, to the worker's own workerd on a random local port). For measurements that need to
 * tell the two hops apart; undefined when it cannot be found.
 */
async function innerUrl(groupId, publicPort) {
  const pids = new Set();
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const pgid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
      if (pgid === groupId) pids.add(pid);
    } catch {}
  }
  const ports = new Set();
  for (const line of execFileSync('ss', ['-ltnpH'], { encoding: 'utf8' }).split('\n')) {
    const pid = /pid=(\d+)/.exec(line)?.[1];
    const port = /127\.0\.0\.1:(\d+)/.exec(line)?.[1];
    if (pid && port && pids.has(pid) && Number(port) !== publicPort) ports.add(port);
  }
  for (const port of ports) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok && res.headers.get('content-type')?.includes('json')) return `http://127.0.0.1:${port}`;
    } catch {}
  }
  return undefined;
}

// `npm start`
if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const server = await serve({
    port: Number(arg('--port') ?? process.env.PORT ?? DEFAULT_PORT),
    persistTo: arg('--persist-to') ?? DEFAULT_STATE,
    build: !process.argv.includes('--no-build'),
    verbose: process.argv.includes('--verbose'),
    chainPort: Number(arg('--chain-port') ?? DEFAULT_CHAIN_PORT),
  });
  const shutdown = async () => {
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
