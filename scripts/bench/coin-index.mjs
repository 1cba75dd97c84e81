import { run } from '../lib/proc.mjs';

/**
 * The coin indexer on the local chain's EVM at 10,000 purchases, and the coin analytics verb's time at
 * that size (scripts/bench/coin-index-run.ts, under tsx: the app's TypeScript on the production driver).
 * @returns {Promise<{ purchases: number, buyers: number, sold: number, blocks: number, events: number, passes: number,
 *   loadMs: number, indexMs: number, blocksPerSecond: number, eventsPerSecond: number, holders: number, days: number,
 *   renderRuns: number, renderP50: number, renderMax: number }>}
 */
export async function coinIndexFigures() {
  const out = await run('tsx', ['scripts/bench/coin-index-run.ts'], { quiet: true });
  const line = out
    .trim()
    .split('\n')
    .findLast((l) => l.startsWith('{'));
  if (!line) throw new Error(`coin-index bench printed no result:\n${out}`);
  return JSON.parse(line);
}
