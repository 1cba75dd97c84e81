import { run } from '../lib/proc.mjs';

/** The creator dashboard's target: p95 of its overview read for a creator with 50 films and 20 campaigns. */
export const DASHBOARD_P95_TARGET_MS = 100;

/**
 * The creator dashboard overview's latency on a scratch libSQL database (scripts/bench/dashboard-run.ts,
 * under tsx: the app's TypeScript verb on the production driver).
 * @returns {Promise<{ films: number, campaigns: number, backers: number, runs: number, p50: number, p95: number }>}
 */
export async function dashboardLatency() {
  const out = await run('tsx', ['scripts/bench/dashboard-run.ts'], { quiet: true });
  const line = out
    .trim()
    .split('\n')
    .findLast((l) => l.startsWith('{'));
  if (!line) throw new Error(`dashboard bench printed no result:\n${out}`);
  return JSON.parse(line);
}
