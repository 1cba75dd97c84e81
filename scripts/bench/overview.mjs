import { run } from '../lib/proc.mjs';

/** The overview's target: p95 of an uncached read at full scale (issue 45 item 2). */
export const OVERVIEW_P95_TARGET_MS = 300;

/**
 * The admin overview's latency on a scratch libSQL database of 100,000 films, 20,000 campaigns and
 * 1,000,000 ledger lines (scripts/bench/overview-run.ts, under tsx: the app's TypeScript verb on the
 * production driver). The child refuses (and this throws) when the database holds less.
 * @returns {Promise<{ films: number, campaigns: number, ledgerLines: number, loadMs: number, runs: number, p50: number, p95: number }>}
 */
export async function overviewLatency() {
  const out = await run('tsx', ['scripts/bench/overview-run.ts'], { quiet: true });
  const line = out
    .trim()
    .split('\n')
    .findLast((l) => l.startsWith('{'));
  if (!line) throw new Error(`overview bench printed no result:\n${out}`);
  return JSON.parse(line);
}
