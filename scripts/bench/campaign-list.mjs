import autocannon from 'autocannon';
import { run } from '../lib/proc.mjs';

/** The sorts of /campaigns (functions/domain/campaigns/browse.ts), as the page's links name them. */
export const CAMPAIGN_LIST_SORTS = ['ending-soon', 'nearly-funded', 'newest', 'most-backed', 'needs-most'];

/** Loads the bench's 10,000 campaigns on the state before the server starts (scripts/bench/setup-campaign-list.ts). */
export async function campaignListSetup(stateDir, campaigns = 10_000) {
  const out = await run(
    'tsx',
    ['scripts/bench/setup-campaign-list.ts', '--persist-to', stateDir, '--campaigns', String(campaigns)],
    { quiet: true },
  );
  const line = out
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (!line) throw new Error(`setup-campaign-list printed no result:\n${out}`);
  return JSON.parse(line);
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;

/** One slice of load on `url`, every response's time (ms) appended to `samples`; non-2xx answers counted. */
async function slice(url, samples, headers, duration) {
  const instance = autocannon({ url, connections: 10, duration, headers, followRedirect: false });
  let bad = 0;
  instance.on('response', (_client, status, _bytes, ms) => {
    samples.push(ms);
    if (status !== 200) bad++;
  });
  await instance;
  return bad;
}

/**
 * /campaigns in each sort against /browse-by-category, in the same run: each sort's page and the
 * category page in alternating 1-second slices (A B B A …) after a warm-up of each, so a drift of the
 * shared machine falls on both; p95 over every response of each side. The first request of each sort
 * (the list read from the database, then cached for a minute) is printed apart.
 */
export async function campaignListFigures(base, { cookie, category, slices = 6 }) {
  const headers = { cookie };
  const browse = `${base}/browse-by-category?category=${encodeURIComponent(category)}`;
  const rows = [];
  for (const sort of CAMPAIGN_LIST_SORTS) {
    const url = `${base}/campaigns?sort=${sort}`;
    const t0 = performance.now();
    const first = await fetch(url, { headers });
    const html = await first.text();
    const coldMs = performance.now() - t0;
    const cards = (html.match(/data-campaign-card=/g) ?? []).length;
    await slice(url, [], headers, 1);
    await slice(browse, [], headers, 1);
    const a = [];
    const b = [];
    let bad = 0;
    for (let i = 0; i < slices; i++) {
      const order = i % 2 === 0 ? [url, browse] : [browse, url];
      for (const u of order) bad += await slice(u, u === url ? a : b, headers, 1);
    }
    a.sort((x, y) => x - y);
    b.sort((x, y) => x - y);
    rows.push({
      sort,
      status: first.status,
      cards,
      coldMs,
      campaigns: { samples: a.length, p50: percentile(a, 0.5), p95: percentile(a, 0.95) },
      browse: { samples: b.length, p50: percentile(b, 0.5), p95: percentile(b, 0.95) },
      bad,
    });
  }
  return rows;
}
