// Builds the product, prepares the embedded database and serves it on workerd (wrangler dev).
// Used by `npm start`, by the browser and HTTP tests and by the benchmarks, so all three run the
// product the same way.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { run, waitForUrl } from './lib/proc.mjs';

export const DEFAULT_PORT = 4321;
export const DEFAULT_STATE = '.wrangler/state';

/**
 * @param {{ port?: number, persistTo?: string, build?: boolean, quiet?: boolean, vars?: Record<string,string>, beforeStart?: (state: string) => Promise<void> }} options
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function serve({
  port = DEFAULT_PORT,
  persistTo = DEFAULT_STATE,
  build = true,
  quiet = false,
  vars = {},
  beforeStart,
} = {}) {
  const log = (m) => quiet || console.log(`\x1b[36m[reelfund]\x1b[0m ${m}`);
  const state = resolve(persistTo);
  if (build) {
    log('building…');
    await run('astro', ['build'], { quiet: true });
  }
  log('applying migrations to the embedded database (D1, local)…');
  await run('wrangler', ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', state], {
    quiet: true,
    env: { CI: 'true' },
  });
  log('seeding (once)…');
  const seedOutput = await run('tsx', ['scripts/seed.ts', '--persist-to', state], { quiet: true });
  if (!quiet) for (const line of seedOutput.split('\n')) if (line.startsWith('  ')) console.log(line);

  if (beforeStart) await beforeStart(state);

  const url = `http://localhost:${port}`;
  const varArgs = Object.entries({ PUBLIC_URL: url, ...vars }).flatMap(([k, v]) => ['--var', `${k}:${v}`]);
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
      quiet ? 'error' : 'info',
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
  await Promise.race([waitForUrl(`${url}/api/health`), exited]);
  log(`Reelfund is running at ${url}`);
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      const done = new Promise((r) => child.once('exit', r));
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {}
      await Promise.race([done, new Promise((r) => setTimeout(r, 5000))]);
    },
  };
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
  });
  const shutdown = async () => {
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
