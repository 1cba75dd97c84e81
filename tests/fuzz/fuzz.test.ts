import { describe, expect, it } from 'vitest';
import { env } from '../workers/worker-call';
import { roundSize } from './generate';
import { describeFailures, runFuzz } from './run';
import { buildWorld } from './world';

/**
 * Generated requests against the worker, as every kind of user, over every route of the app's own
 * route table and every page. Any 5xx fails, any API error body other than `{ error: { code,
 * message } }` fails, and so does a run where most requests never got past 401/403/429.
 * Replay a run with FUZZ_SEED=<seed> (and FUZZ_REQUESTS=<n>).
 */
const DEFAULT_REQUESTS = 3_000;
const seed = env.FUZZ_SEED ? Number(env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 32);
const requests = env.FUZZ_REQUESTS ? Number(env.FUZZ_REQUESTS) : DEFAULT_REQUESTS;
/** Sign-in, sign-up and password changes each cost a password hash: at most 1 % of the run. */
const hashBudget = Math.ceil(requests / 100);
const lanes = env.FUZZ_LANES ? Number(env.FUZZ_LANES) : 4;

describe('fuzz', () => {
  it(`${requests} generated requests: no 5xx, one error shape, mostly let in`, { timeout: 15 * 60_000 }, async () => {
    console.log(`fuzz seed ${seed} (replay: FUZZ_SEED=${seed} FUZZ_REQUESTS=${requests}, exactly with FUZZ_LANES=1)`);
    const built = Date.now();
    const { world, actors } = await buildWorld();
    const setupMs = Date.now() - built;
    const report = await runFuzz(seed, requests, world, actors, { hashBudget, lanes });

    const histogram = Object.entries(report.histogram)
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ');
    const slowest = Object.entries(report.timeByRoute)
      .map(([route, t]) => ({ route, avg: t.ms / t.n }))
      .sort((a, b) => b.avg - a.avg)
      .slice(0, 5)
      .map((t) => `${t.route} ${t.avg.toFixed(0)} ms`)
      .join(', ');
    console.log(
      [
        `fuzz: ${report.requests} requests over ${world.routes.length} routes and ${world.pages.length} pages as ${world.actors.length} actors`,
        `  statuses ${histogram}`,
        `  past 401/403/429: ${report.pastGuards} (${((100 * report.pastGuards) / report.requests).toFixed(1)} %), password hashes: ${report.hashing}, self-calls: ${report.selfCalls}`,
        `  slowest routes ${slowest}`,
        `  setup ${(setupMs / 1000).toFixed(1)} s, run ${(report.ms / 1000).toFixed(1)} s (${((1000 * report.requests) / report.ms).toFixed(0)} req/s)`,
      ].join('\n'),
    );

    expect(report.requests).toBe(requests);
    // Every route of the app's table and every page was requested (a new route needs no listing).
    expect(requests).toBeGreaterThanOrEqual(roundSize(world));
    const requested = [...world.routes.map((r) => `${r.method} ${r.path}`), ...world.pages.map((p) => `GET ${p}`)];
    expect(requested.filter((key) => !report.timeByRoute[key])).toEqual([]);
    expect(report.hashing).toBeLessThanOrEqual(hashBudget);
    expect(report.failures, `seed ${seed}:\n${describeFailures(report.failures)}`).toEqual([]);
    expect(report.pastGuards * 3, 'at least a third of the requests got past 401/403/429').toBeGreaterThanOrEqual(
      report.requests,
    );
  });
});
