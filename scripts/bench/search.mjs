import { run } from '../lib/proc.mjs';

/**
 * Search p50/p99 on catalogues of the given sizes (default 1,000 and 100,000 films), the same 1,000
 * queries timed `rounds` times on each (each round's figures in `rounds`). The work runs
 * in a child under tsx (it uses the app's TypeScript search verb on the production libSQL driver).
 * @returns {Promise<{ size: number, insertMs: number, mergeMs: number, mergeCalls: number, p50: number, p99: number, rounds: { p50: number, p99: number }[], queries: number, avgHits: number }[]>}
 */
export async function searchLatency(sizes = [1_000, 100_000], { rounds = 1 } = {}) {
  const out = await run('tsx', ['scripts/bench/search-run.ts', ...sizes.map(String), `--rounds=${rounds}`], {
    quiet: true,
  });
  const line = out
    .trim()
    .split('\n')
    .findLast((l) => l.startsWith('['));
  if (!line) throw new Error(`search bench printed no result:\n${out}`);
  return JSON.parse(line);
}
