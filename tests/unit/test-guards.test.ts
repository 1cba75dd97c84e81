import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The suite's own rules (docs/testing.md, "Rules"): no test waits on a real timer longer than a second
 * (a role refresh, a cache's lifetime or the hourly job come from the injected clock, the dev clock or a
 * push), and a browser or HTTP file shares the phase's server unless it is listed here with its reason.
 */
const files = readdirSync('tests', { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith('.ts'))
  .map((e) => relative('.', join(e.parentPath, e.name)));

/** The longest real wait a test may take for "nothing happens", in ms. */
const LONGEST_WAIT_MS = 1000;

/** A delay written as a number: `1500`, `60_000`, `30 * 1000`, `2 * 60_000`; else undefined. */
function literalMs(expr: string): number | undefined {
  const text = expr.trim();
  if (!/^[\d_\s*]+$/.test(text)) return undefined;
  return text
    .split('*')
    .map((n) => Number(n.trim().replaceAll('_', '')))
    .reduce((a, b) => a * b, 1);
}

/** The arguments of each call `name(…)` in the source, split at their top-level commas. */
function callArgs(source: string, name: string): string[][] {
  const calls: string[][] = [];
  for (const m of source.matchAll(new RegExp(`\\b${name}\\(`, 'g'))) {
    const args: string[] = [];
    let depth = 0;
    let arg = '';
    for (const ch of source.slice((m.index ?? 0) + m[0].length)) {
      if (depth === 0 && (ch === ',' || ch === ')')) {
        args.push(arg);
        arg = '';
        if (ch === ')') break;
        continue;
      }
      if ('([{'.includes(ch)) depth++;
      if (')]}'.includes(ch)) depth--;
      arg += ch;
    }
    calls.push(args);
  }
  return calls;
}

/** Every real wait with a written delay: `setTimeout(fn, N)`, `page.waitForTimeout(N)`, `sleep(N)`. */
function realWaits(source: string): number[] {
  return [
    ...callArgs(source, 'setTimeout').map((args) => args[1]),
    ...callArgs(source, 'waitForTimeout').map((args) => args[0]),
    ...callArgs(source, 'sleep').map((args) => args[0]),
  ]
    .map((arg) => (arg === undefined ? undefined : literalMs(arg)))
    .filter((ms): ms is number => ms !== undefined);
}

/** Browser and HTTP files with a server of their own, and why (docs/testing.md). */
const OWN_SERVERS: Record<string, string> = {
  'tests/e2e/end-dates.test.ts': 'moves the server clock (PUT /api/dev/clock)',
  'tests/e2e/admin-overview.test.ts': "runs npm run ledger:check on the server's SQLite state from a second process",
  'tests/e2e/gate.test.ts': 'turns on the site-wide coming-soon gate',
  'tests/e2e/coins-chain-faults.test.ts': 'puts a faulty endpoint between the worker and its chain',
  'tests/e2e/coins-collect.test.ts': "moves its chain's time past the vesting cliffs",
  'tests/e2e/coins-index.test.ts': 'counts every JSON-RPC call between the worker and its chain (a proxy before it)',
  'tests/e2e/realtime.test.ts': "writes the server's database directly (roles, notifications)",
  'tests/e2e/posters.test.ts': "writes the server's database directly (a film on an unfinished or missing poster)",
  'tests/http/coins-restart.test.ts': 'restarts npm start and its chain',
  'tests/http/sign-in-limit.test.ts': 'restarts the worker on the same state',
  'tests/http/milestones.test.ts': "writes the server's database directly",
  'tests/http/payments.test.ts': "writes the server's database directly",
  'tests/http/refunds.test.ts': "writes the server's database directly",
  'tests/e2e/scraper.test.ts':
    'lets the film importer reach its loopback fixture (SCRAPER_TEST_ALLOW), which the shared server must refuse',
};

describe('the suite guards its own speed', () => {
  it('reads written delays the way the guard means them', () => {
    expect(realWaits('await new Promise((r) => setTimeout(r, 30_000));')).toEqual([30_000]);
    expect(realWaits('await page.waitForTimeout(2 * 60_000)')).toEqual([120_000]);
    expect(realWaits('setTimeout(() => done(), 250)')).toEqual([250]);
    expect(realWaits('setTimeout(r, 500 * attempt)')).toEqual([]);
  });

  it(`no test waits on a real timer longer than ${LONGEST_WAIT_MS} ms`, () => {
    const long = files
      .filter((file) => file !== 'tests/unit/test-guards.test.ts')
      .flatMap((file) =>
        realWaits(readFileSync(file, 'utf8'))
          .filter((ms) => ms > LONGEST_WAIT_MS)
          .map((ms) => `${file}: ${ms} ms`),
      );
    expect(long, 'use the injected clock, the dev clock or a push (docs/testing.md)').toEqual([]);
  });

  it('every browser and HTTP file shares the phase server unless listed with its reason', () => {
    const own = files
      .filter((f) => /^tests\/(e2e|http)\/.*\.test\.ts$/.test(f))
      .filter((f) => /\b(?:serve|ownServer)\(/.test(readFileSync(f, 'utf8')));
    expect(own.sort(), 'share the phase server, or list the file here and in docs/testing.md').toEqual(
      Object.keys(OWN_SERVERS).sort(),
    );
  });
});
