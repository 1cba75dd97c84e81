import { createServer } from 'node:net';
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { defineConfig } from 'vitest/config';

// The worker tests' own Hardhat node (tests/workers/chain-setup.ts) listens here; the worker's RPC_URL.
process.env.REELFUND_TEST_RPC_URL ??= await new Promise<string>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(`http://127.0.0.1:${port}`));
  });
});

/** The worker under test in workerd, with the real migrations and extra bindings. */
const workerd = (extra: Record<string, string> = {}) =>
  cloudflareTest(async () => ({
    main: './tests/workers/entry.ts',
    wrangler: { configPath: './wrangler.toml' },
    miniflare: {
      bindings: {
        TEST_MIGRATIONS: await readD1Migrations('./migrations'),
        // Test files sign up many users from one (unknown) address: lift the per-address flood limits.
        AUTH_SIGN_UP_PER_MINUTE: '5000',
        AUTH_SIGN_IN_PER_MINUTE: '5000',
        RPC_URL: process.env.REELFUND_TEST_RPC_URL as string,
        ...extra,
      },
    },
  }));

// Six projects: unit (pure logic), workers (the worker in workerd with D1, KV, R2 and Durable
// Objects), fuzz (generated requests against that worker), libsql (the production driver on a real
// libSQL file), chain (the contracts on Hardhat's in-process chain), e2e (Chromium and plain HTTP
// against the built product, started the way `npm start` starts it).
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        plugins: [workerd()],
        test: {
          name: 'workers',
          include: ['tests/workers/**/*.test.ts'],
          setupFiles: ['./tests/workers/setup.ts'],
          globalSetup: ['./tests/workers/chain-setup.ts'],
          // A guard against a hang, not a speed target (those live in `npm run bench`): on a loaded 2-core CI
          // machine a test that takes 2 s alone can pass vitest's default 5 s.
          testTimeout: 20_000,
          // A file's setup (beforeAll: users, campaigns, payments) is several tests' work: vitest's 10 s
          // default failed insights.test.ts's on a loaded machine while it was right.
          hookTimeout: 60_000,
        },
      },
      {
        // Generated requests against the worker in workerd (`npm run bench -- --only fuzz` runs more).
        plugins: [
          workerd({
            FUZZ_SEED: process.env.FUZZ_SEED ?? '',
            FUZZ_REQUESTS: process.env.FUZZ_REQUESTS ?? '',
            FUZZ_LANES: process.env.FUZZ_LANES ?? '',
          }),
        ],
        test: {
          name: 'fuzz',
          include: ['tests/fuzz/**/*.test.ts'],
          setupFiles: ['./tests/workers/setup.ts'],
        },
      },
      {
        test: { name: 'libsql', include: ['tests/libsql/**/*.test.ts'], environment: 'node' },
      },
      {
        // Hardhat's in-process chain through viem; the artifact test recompiles the contracts (solc in wasm).
        test: { name: 'chain', include: ['tests/chain/**/*.test.ts'], environment: 'node', testTimeout: 120_000 },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts', 'tests/http/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./tests/e2e/global-setup.ts'],
          // At most two browsers at once on a 2-core machine.
          maxWorkers: 2,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A browser step on a loaded 2-core CI machine can take seconds: polled assertions wait up to 15 s
          // (vitest's default, 1 s, failed the vote test in CI while the server was right).
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
