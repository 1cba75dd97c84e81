// `npm run bench`: prints figures, judges nothing. Starts the product the way `npm start` does,
// on a fresh state of its own, and measures it on loopback only. Later features add their figures
// to PAGES and to the sections below.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageWeight } from './bench/bytes.mjs';
import { firstFrame } from './bench/first-frame.mjs';
import { lighthouseFigures } from './bench/lighthouse.mjs';
import { sideBySide } from './bench/load.mjs';
import { moneySetup, printMoneyFigures } from './bench/money.mjs';
import { realtimeFigures, signIn } from './bench/realtime.mjs';
import { searchLatency } from './bench/search.mjs';
import { run } from './lib/proc.mjs';
import { serve } from './serve.mjs';

/**
 * Pages whose compressed HTML and JavaScript are reported, fetched as the signed-in demo viewer
 * ({film} is a seeded film: its page carries the player).
 */
export const PAGES = [
  '/',
  '/faq',
  '/auth',
  '/browse-by-category',
  '/browse-by-category?category=drama',
  '/new-and-popular',
  '/search?q=harbor',
  '/my-list',
  '/movie/{film}',
];
const DEMO_VIEWER = { email: 'viewer@reelfund.local', password: 'reelfund-demo' };

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => `${n.toFixed(1)} ms`;

/** The search section: the app's search verb on libSQL files of two sizes (needs no server). */
async function printSearchFigures() {
  console.log('Search (FTS5 bm25: the app search verb on a libSQL file, 1,000 queries per size)');
  const search = await searchLatency([1_000, 100_000]);
  console.table(
    search.map((r) => ({
      films: r.size.toLocaleString('en'),
      p50: ms(r.p50),
      p99: ms(r.p99),
      'avg hits': r.avgHits.toFixed(1),
      'build (insert + index)': `${(r.insertMs / 1000).toFixed(1)} s`,
    })),
  );
  const [small, large] = search;
  if (small && large)
    console.log(`search p50 ratio ${large.size}/${small.size}: ${(large.p50 / small.p50).toFixed(2)}`);
}

// `npm run bench -- --only=search` runs that section alone (it starts no server); the default runs all.
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
if (only === 'search') {
  await printSearchFigures();
  process.exit(0);
}
if (only) throw new Error(`unknown bench section ${only} (known: search)`);

const state = mkdtempSync(join(tmpdir(), 'reelfund-bench-'));
let money;
const server = await serve({
  port: 4390,
  persistTo: state,
  build: !process.argv.includes('--no-build'),
  quiet: true,
  // Accounts for the realtime figures and campaigns for the money figures, made on the bench's own
  // state before the server starts.
  beforeStart: async (dir) => {
    await run('tsx', ['scripts/bench/setup-users.ts', '--persist-to', dir, '--count', '25'], { quiet: true });
    money = await moneySetup(dir);
  },
});
const base = server.url;
try {
  console.log(`\nReelfund bench — ${new Date().toISOString()} — ${base}\n`);

  const { cookie } = await signIn(base, DEMO_VIEWER.email, DEMO_VIEWER.password);
  const found = await (await fetch(`${base}/api/search?q=lighthouse`)).json();
  const film = found.hits[0]?.id ?? 'none';

  console.log(
    'Page weight (compressed; JS = every script a cold visit loads up to hydration; signed in as the demo viewer)',
  );
  const rows = [];
  for (const path of PAGES.map((p) => p.replace('{film}', film))) {
    const w = await pageWeight(base, path, { cookie });
    rows.push({
      page: path,
      status: w.status,
      'HTML gzip': kb(w.htmlGzip),
      'HTML br': kb(w.htmlBrotli),
      'JS files': w.jsFiles,
      'JS gzip': kb(w.jsGzip),
      'JS br': kb(w.jsBrotli),
    });
  }
  console.table(rows);

  console.log('Response time under load (autocannon, 10 connections, 5 s each), against a do-nothing worker route');
  const load = [];
  for (const path of ['/api/health', '/']) {
    const r = await sideBySide(`${base}${path}`, `${base}/__bench/bare`);
    load.push({
      route: path,
      p50: ms(r.route.p50),
      p99: ms(r.route.p99),
      'req/s': r.route.rps,
      'bare p50': ms(r.baseline.p50),
      'bare p99': ms(r.baseline.p99),
      'p50 ratio': r.ratioP50.toFixed(2),
      'p99 ratio': r.ratioP99.toFixed(2),
      errors: r.route.errors + r.route.non2xx,
    });
  }
  console.table(load);

  console.log('Short-link redirect (/s/{code}, KV hit) against a bare worker route answering a constant 302');
  const link = await (
    await fetch(`${base}/api/short-links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie },
      body: JSON.stringify({ path: '/faq' }),
    })
  ).json();
  const short = await sideBySide(`${base}/s/${link.code}`, `${base}/__bench/redirect`);
  console.table([
    {
      route: `/s/${link.code}`,
      p50: ms(short.route.p50),
      p99: ms(short.route.p99),
      'req/s': short.route.rps,
      'bare 302 p50': ms(short.baseline.p50),
      'bare 302 p99': ms(short.baseline.p99),
      'p99 ratio (target ≤ 1.2)': short.ratioP99.toFixed(2),
      errors: short.route.errors,
    },
  ]);

  console.log("Realtime: message written through the API → event on the recipient's socket");
  const rt = await realtimeFigures(base, { senders: 25, sends: 200, fanout: 1000 });
  console.table([
    {
      figure: 'delivery, 1 socket, 200 sends (target p99 ≤ 50 ms)',
      received: `${rt.delivery.received}/${rt.delivery.expected}`,
      p50: ms(rt.delivery.p50),
      p99: ms(rt.delivery.p99),
    },
    {
      figure: 'fan-out, 1,000 sockets on one Durable Object, 5 sends (target p99 ≤ 100 ms)',
      received: `${rt.fan.received}/${rt.fan.expected}`,
      p50: ms(rt.fan.p50),
      p99: ms(rt.fan.p99),
    },
  ]);
  await printMoneyFigures(base, money);

  console.log('Time from play() to the first frame (Chromium, /video-test, fresh context per run)');
  const ff = await firstFrame(base, { filmId: film, ...DEMO_VIEWER });
  console.table([{ runs: ff.runs.map((t) => t.toFixed(0)).join(', '), median: ms(ff.median) }]);

  await printSearchFigures();

  console.log(
    'Lighthouse mobile performance (npm lighthouse, default mobile config, Chromium, signed out; target ≥ 95, CLS 0)',
  );
  const lh = await lighthouseFigures(base, ['/', `/movie/${film}`]);
  console.table(
    lh.map((r) => ({
      page: r.path,
      'score (target ≥ 95)': r.score ?? 'n/a',
      'CLS (target 0)': r.cls.toFixed(3),
      LCP: ms(r.lcp),
      TBT: ms(r.tbt),
      FCP: ms(r.fcp),
    })),
  );
} finally {
  await server.stop();
  rmSync(state, { recursive: true, force: true });
}
