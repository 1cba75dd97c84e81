// `npm run bench`: prints figures, judges nothing. Starts the product the way `npm start` does,
// on a fresh state of its own, and measures it on loopback only. Later features add their figures
// to PAGES and to the sections below.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pageWeight } from './bench/bytes.mjs';
import { campaignListFigures, campaignListSetup } from './bench/campaign-list.mjs';
import { campaignLiveFigures } from './bench/campaign-live.mjs';
import { coinIndexFigures } from './bench/coin-index.mjs';
import { DASHBOARD_P95_TARGET_MS, dashboardLatency } from './bench/dashboard.mjs';
import { firstFrame } from './bench/first-frame.mjs';
import { fuzzFigures } from './bench/fuzz.mjs';
import { lighthouseFigures } from './bench/lighthouse.mjs';
import { interleaved, measure, sideBySide } from './bench/load.mjs';
import { moneySetup, printMoneyFigures } from './bench/money.mjs';
import { OVERVIEW_P95_TARGET_MS, overviewLatency } from './bench/overview.mjs';
import { realtimeFigures, signIn } from './bench/realtime.mjs';
import { searchLatency } from './bench/search.mjs';
import { loadWithMemory } from './bench/soak.mjs';
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
  '/movie/{campaign film}',
  '/campaigns',
];
/** JavaScript budgets (gzip) of the pages that have one: the film page's is before play (issue 50). */
const PAGE_JS_BUDGETS = { '/movie/{film}': 15 * 1024, '/movie/{campaign film}': 15 * 1024, '/campaigns': 15 * 1024 };
const DEMO_VIEWER = { email: 'viewer@reelfund.local', password: 'reelfund-demo' };
/** The campaign screens' weight is measured as the demo creator, owner of the seeded live campaign. */
const DEMO_CREATOR = { email: 'creator@reelfund.local', password: 'reelfund-demo' };
/** Each campaign screen's JavaScript budget (gzip) before a dialog opens (issue 50). */
const CAMPAIGN_JS_BUDGET = 60 * 1024;
/** A film's coins page: the catalogue's budget (gzip) until the buyer opens the wallet (issue 39). */
const COINS_JS_BUDGET = 15 * 1024;
const CAMPAIGN_SCREENS = [
  ['settings (create)', '/contributor/edit/{freeFilm}/campaign'],
  ['settings', '/contributor/edit-campaign/{campaign}'],
  ['progress', '/contributor/campaign-progress/{campaign}'],
  ['team', '/contributor/edit/{campaign}/contributors'],
];

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
/** Beside a figure and its target: whether it meets it ("MISSES" stands out in a table). */
const verdict = (met) => (met ? 'meets' : 'MISSES');
const ms = (n) => `${n.toFixed(1)} ms`;

/** Lowest–highest of a list, as printed beside a figure taken over several runs. */
const spread = (xs, format) => `${format(Math.min(...xs))}–${format(Math.max(...xs))}`;

/** The search section: the app's search verb on libSQL files of two sizes, 3 runs each (needs no server). */
async function printSearchFigures() {
  console.log('Search (FTS5 bm25: the app search verb on a libSQL file, 1,000 queries per size, 3 runs of them)');
  const search = await searchLatency([1_000, 100_000], { rounds: 3 });
  console.table(
    search.map((r) => ({
      films: r.size.toLocaleString('en'),
      'p50 per run': r.rounds.map((x) => ms(x.p50)).join(', '),
      'p99 per run': r.rounds.map((x) => ms(x.p99)).join(', '),
      'avg hits': r.avgHits.toFixed(1),
      'build (insert + index)': `${(r.insertMs / 1000).toFixed(1)} s`,
      'index merge': `${(r.mergeMs / 1000).toFixed(1)} s (${r.mergeCalls} calls)`,
    })),
  );
  const [small, large] = search;
  if (small && large) {
    const ratios = large.rounds.map((x, i) => x.p50 / (small.rounds[i]?.p50 ?? Number.NaN));
    console.log(
      `  search p50 ${large.size.toLocaleString('en')} / ${small.size.toLocaleString('en')} per run: ` +
        `${ratios.map((x) => x.toFixed(2)).join(', ')} (spread ${spread(ratios, (x) => x.toFixed(2))}; ` +
        `target ≤ 2 in each run): ${verdict(ratios.every((x) => x <= 2))}`,
    );
  }
}

/** The fuzz section: the suite's fuzz project with 10,000 requests, in workerd (needs no server). */
async function printFuzzFigures() {
  console.log('Fuzz (generated requests as every kind of user over the route and page tables, in workerd)');
  const f = await fuzzFigures();
  for (const line of f.figures) console.log(`  ${line.trim()}`);
  console.log(`  ${f.ok ? 'passed' : 'FAILED'} in ${f.seconds.toFixed(0)} s (vitest start and world setup included)`);
  for (const line of f.failure) console.log(`  ${line}`);
}

/** The admin overview section: the verb uncached on a scratch libSQL file at full scale (needs no server). */
async function printOverviewFigures() {
  console.log('Admin overview (the verb uncached on libSQL: 100,000 films, 20,000 campaigns, 1,000,000 ledger lines)');
  const o = await overviewLatency();
  console.log(
    `  loaded ${o.films.toLocaleString('en')} films, ${o.campaigns.toLocaleString('en')} campaigns, ` +
      `${o.ledgerLines.toLocaleString('en')} ledger lines in ${(o.loadMs / 1000).toFixed(1)} s (bulk inserts)`,
  );
  console.log(
    `  overview p95 uncached ${ms(o.p95)} (p50 ${ms(o.p50)}, ${o.runs} runs); target ≤ ${OVERVIEW_P95_TARGET_MS} ms: ` +
      verdict(o.p95 <= OVERVIEW_P95_TARGET_MS),
  );
}

/** The creator dashboard section: its overview verb on a scratch libSQL file (needs no server). */
async function printDashboardFigures() {
  console.log('Creator dashboard (the overview verb on libSQL: a creator with 50 films and 20 campaigns)');
  const d = await dashboardLatency();
  console.log(
    `  overview p95 ${ms(d.p95)} (p50 ${ms(d.p50)}, ${d.runs} runs, ${d.films} films, ${d.campaigns} campaigns); ` +
      `target ≤ ${DASHBOARD_P95_TARGET_MS} ms: ${verdict(d.p95 <= DASHBOARD_P95_TARGET_MS)}; ` +
      `load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
}

/** The coin-index section: the indexer at 10,000 purchases on the local chain's EVM, then coin analytics (no server). */
async function printCoinIndexFigures() {
  console.log('Coin index (the indexer on libSQL, a Hardhat chain in process: 10,000 purchases by 250 buyers)');
  const c = await coinIndexFigures();
  console.log(
    `  chain: ${c.purchases.toLocaleString('en')} purchases (${c.sold.toLocaleString('en')} coins) in ${(c.loadMs / 1000).toFixed(1)} s; ` +
      `${c.blocks.toLocaleString('en')} blocks`,
  );
  console.log(
    `  indexed ${c.blocks.toLocaleString('en')} blocks and ${c.events.toLocaleString('en')} events in ${(c.indexMs / 1000).toFixed(1)} s ` +
      `over ${c.passes} passes: ${c.blocksPerSecond.toFixed(0)} blocks/s, ${c.eventsPerSecond.toFixed(0)} events/s`,
  );
  console.log(
    `  coin analytics (every figure the page renders; ${c.holders} holders, ${c.days} days): ` +
      `p50 ${ms(c.renderP50)}, max ${ms(c.renderMax)} over ${c.renderRuns} runs; load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
  );
}

// `npm run bench -- --only realtime[,money,…]` (or `--only=…`) runs only the named sections;
// `--only` with only search, fuzz and overview starts no server. BENCH_PORT moves the server off 4390 so a
// partial run can go alongside a full one.
const SECTIONS = [
  'pages',
  'content',
  'campaigns',
  'campaign-list',
  'load',
  'load-memory',
  'short-link',
  'realtime',
  'campaign-live',
  'money',
  'first-frame',
  'coins',
  'search',
  'lighthouse',
  'fuzz',
  'overview',
  'dashboard',
  'coin-index',
];
const SERVERLESS = ['search', 'fuzz', 'overview', 'dashboard', 'coin-index'];
const onlyArg = process.argv.find((a) => a.startsWith('--only'));
const only = onlyArg
  ? (onlyArg.includes('=') ? onlyArg.split('=')[1] : process.argv[process.argv.indexOf(onlyArg) + 1]).split(',')
  : undefined;
for (const name of only ?? [])
  if (!SECTIONS.includes(name)) throw new Error(`unknown bench section ${name} (known: ${SECTIONS.join(', ')})`);
const section = (name) => !only || only.includes(name);
if (only?.every((name) => SERVERLESS.includes(name))) {
  if (section('search')) await printSearchFigures();
  if (section('fuzz')) await printFuzzFigures();
  if (section('overview')) await printOverviewFigures();
  if (section('dashboard')) await printDashboardFigures();
  if (section('coin-index')) await printCoinIndexFigures();
  process.exit(0);
}

const state = mkdtempSync(join(tmpdir(), 'reelfund-bench-'));
let money;
let campaignList;
const port = Number(process.env.BENCH_PORT ?? 4390);
// The worker's DevTools inspector (its V8 heap for load-memory), beside the server's own port.
const inspectorPort = port + 5000;
// The coins section needs the local chain (a Hardhat node with the demo's coin), as `npm start` runs it.
const chainPort = section('coins') ? Number(process.env.BENCH_CHAIN_PORT ?? port + 4200) : null;
const server = await serve({
  port,
  inspectorPort,
  chainPort,
  persistTo: state,
  build: !process.argv.includes('--no-build'),
  quiet: true,
  // 1,000 film-page sockets of one campaign come from this one address, and the fan-out's 1,000 tabs
  // are one account's.
  vars: { CAMPAIGN_SOCKETS_PER_ADDRESS: '5000', SOCKETS_PER_ACCOUNT: '5000' },
  // Accounts for the realtime figures and campaigns for the money figures, made on the bench's own
  // state before the server starts.
  beforeStart: async (dir) => {
    await run('tsx', ['scripts/bench/setup-users.ts', '--persist-to', dir, '--count', '30'], { quiet: true });
    if (section('money') || section('campaign-live')) money = await moneySetup(dir);
    if (section('campaign-list')) campaignList = await campaignListSetup(dir);
  },
});
const base = server.url;
try {
  console.log(`\nReelfund bench — ${new Date().toISOString()} — ${base}\n`);

  const { cookie } = await signIn(base, DEMO_VIEWER.email, DEMO_VIEWER.password);
  const found = await (await fetch(`${base}/api/search?q=lighthouse`)).json();
  const film = found.hits[0]?.id ?? 'none';
  // A film whose page carries a live campaign (funding, Follow, Share, the live figure): the seed's Harbor Lights.
  const campaignFilm = (await (await fetch(`${base}/api/search?q=harbor`)).json()).hits[0]?.id ?? 'none';

  if (section('pages')) {
    console.log(
      'Page weight (compressed; JS = every script a cold visit loads up to hydration; signed in as the demo viewer)',
    );
    const rows = [];
    const budgeted = [];
    for (const pattern of PAGES) {
      const path = pattern.replace('{film}', film).replace('{campaign film}', campaignFilm);
      const w = await pageWeight(base, path, { cookie });
      const budget = PAGE_JS_BUDGETS[pattern];
      if (budget) budgeted.push({ pattern, w });
      rows.push({
        page: path,
        status: w.status,
        'HTML gzip': kb(w.htmlGzip),
        'HTML br': kb(w.htmlBrotli),
        'JS files': w.jsFiles,
        'JS gzip': kb(w.jsGzip),
        'JS br': kb(w.jsBrotli),
        'JS gzip target': budget ? `≤ ${kb(budget)}: ${verdict(w.jsGzip <= budget)}` : '',
      });
    }
    console.table(rows);
    // What a budgeted page loads, largest first: where to look when it misses.
    for (const { pattern, w } of budgeted) {
      console.log(`  ${pattern}: ${w.files.map((f) => `${f.file} ${kb(f.gzip)}`).join(', ')}`);
    }
  }

  if (section('campaign-list')) {
    // Issue 49 item 6: /campaigns with 10,000 campaigns, each sort beside /browse-by-category in the same run.
    console.log(
      `/campaigns with ${campaignList.campaigns.toLocaleString('en')} campaigns (${campaignList.ledgerLines.toLocaleString('en')} ` +
        `payments; loaded in ${(campaignList.loadMs / 1000).toFixed(1)} s) against /browse-by-category?category=` +
        `${campaignList.categories[0]} (2,000 films), signed in, 10 connections, alternating 1-second slices; target p95 ≤ 1.5×`,
    );
    const rows = await campaignListFigures(base, { cookie, category: campaignList.categories[0] });
    console.table(
      rows.map((r) => ({
        sort: r.sort,
        status: r.status,
        cards: r.cards,
        'first (uncached)': ms(r.coldMs),
        '/campaigns p50': ms(r.campaigns.p50),
        '/campaigns p95': ms(r.campaigns.p95),
        'browse p50': ms(r.browse.p50),
        'browse p95': ms(r.browse.p95),
        'p95 ratio (≤ 1.5)': `${(r.campaigns.p95 / r.browse.p95).toFixed(2)}: ${verdict(r.campaigns.p95 <= 1.5 * r.browse.p95)}`,
        'non-200': r.bad,
      })),
    );
    console.log(
      `  load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}`,
    );
  }

  if (section('content')) {
    // Issue 46: /faq is served from stored content (KV-cached render) instead of a prerendered file.
    console.log('Content pages (signed out; 10 connections, 5 s each; docs/content.md)');
    const rows = [];
    for (const path of ['/faq', '/coins-faq', '/terms']) {
      const html = await (await fetch(`${base}${path}`)).text();
      const w = await pageWeight(base, path, {});
      const m = await measure(`${base}${path}`);
      rows.push({
        page: path,
        'HTML bytes': Buffer.byteLength(html),
        'HTML gzip': kb(w.htmlGzip),
        'req/s': m.rps,
        'p50 ms': m.p50,
        'p99 ms': m.p99,
        non2xx: m.non2xx,
      });
    }
    console.table(rows);
  }

  if (section('campaigns')) {
    console.log(
      'Campaign screens (compressed; JS = every script a cold visit loads before the first intent; the demo creator on\n' +
        '  "Night Shift: season two", live, with a team; "on intent" = what the client:intent islands add when touched)',
    );
    const creator = await signIn(base, DEMO_CREATOR.email, DEMO_CREATOR.password);
    const mine = await (await fetch(`${base}/api/campaigns/mine`, { headers: { cookie: creator.cookie } })).json();
    const campaign = mine.campaigns.find((c) => c.title === 'Night Shift: season two')?.id ?? 'none';
    const freeFilm = mine.filmsWithoutCampaign[0]?.id ?? 'none';
    const rows = [];
    const largest = [];
    for (const [screen, pattern] of CAMPAIGN_SCREENS) {
      const path = pattern.replace('{campaign}', campaign).replace('{freeFilm}', freeFilm);
      const w = await pageWeight(base, path, { cookie: creator.cookie });
      rows.push({
        screen,
        status: w.status,
        'HTML gzip': kb(w.htmlGzip),
        'JS files': w.jsFiles,
        'JS raw': kb(w.jsRaw),
        'JS gzip': kb(w.jsGzip),
        'JS br': kb(w.jsBrotli),
        'JS gzip target': `≤ ${kb(CAMPAIGN_JS_BUDGET)}: ${verdict(w.jsGzip <= CAMPAIGN_JS_BUDGET)}`,
        'on intent: files': w.intent.jsFiles,
        'on intent: gzip': kb(w.intent.jsGzip),
      });
      largest.push(
        `  ${screen}: ${w.files
          .slice(0, 4)
          .map((f) => `${f.file} ${kb(f.gzip)}`)
          .join(', ')}`,
      );
    }
    console.table(rows);
    console.log(`  The largest files (gzip) of each:\n${largest.join('\n')}`);
  }

  if (section('load')) {
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
  }

  if (section('load-memory')) {
    console.log(
      'Load with memory: a mix of pages and API calls, signed out and in (autocannon), and the worker V8 heap\n' +
        '  after a forced GC through the inspector (not the process RSS), before, after and after idling',
    );
    const live = await (await fetch(`${base}/api/campaigns/live`)).json();
    const r = await loadWithMemory(base, { inspectorPort, cookie, film, campaign: live.campaigns?.[0]?.campaignId });
    console.table([r.mix, r.baseline]);
    const grew = ((r.heap.idle - r.heap.before) / r.heap.before) * 100;
    console.table([
      {
        'heap before': `${r.heap.before.toFixed(1)} MB`,
        'heap after': `${r.heap.after.toFixed(1)} MB`,
        [`after ${r.heap.idleSeconds} s idle`]: `${r.heap.idle.toFixed(1)} MB`,
        'idle vs before (target within 10 %)': `${grew >= 0 ? '+' : ''}${grew.toFixed(1)} %`,
        'errors (target 0)': r.mix.errors,
      },
    ]);
    console.log(
      `  film page ${r.pages.film.toFixed(0)} req/s, home ${r.pages.home.toFixed(0)} req/s (10 connections, 2 × 5 s each): ` +
        `ratio ${(r.pages.film / r.pages.home).toFixed(2)} (target ≥ 0.5)`,
    );
  }

  const SHORT_LINK_SLICES = 30;
  if (section('short-link')) {
    console.log('Short-link redirect (/s/{code}) against a bare worker route answering a constant 302');
    const link = await (
      await fetch(`${base}/api/short-links`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, cookie },
        body: JSON.stringify({ path: '/faq' }),
      })
    ).json();
    // Three runs in a row, each the route and its baseline interleaved in 1-second slices after a warm-up,
    // every response's time pooled per side (load.mjs): the ratio of each run and their spread.
    const runs = [];
    // 30 slices of each per run: a p99 over 10 had a handful of the machine's stalls in it, so a run's ratio
    // said which side a stall fell on (docs/performance.md, "Short link: the bench").
    for (let i = 0; i < 3; i++)
      runs.push(await interleaved(`${base}/s/${link.code}`, `${base}/__bench/redirect`, { slices: SHORT_LINK_SLICES }));
    console.table(
      runs.map((short, i) => ({
        run: i + 1,
        route: `/s/${link.code}`,
        samples: `${short.route.samples} / ${short.baseline.samples}`,
        p50: ms(short.route.p50),
        p99: ms(short.route.p99),
        'bare 302 p50': ms(short.baseline.p50),
        'bare 302 p99': ms(short.baseline.p99),
        'p99 ratio (target ≤ 1.2)': short.ratioP99.toFixed(2),
        verdict: verdict(short.ratioP99 <= 1.2),
        errors: short.errors,
      })),
    );
    const ratios = runs.map((r) => r.ratioP99);
    console.log(
      `  short-link p99 / bare 302 p99 over 3 runs: ${ratios.map((x) => x.toFixed(2)).join(', ')} ` +
        `(spread ${spread(ratios, (x) => x.toFixed(2))}): ${verdict(ratios.every((x) => x <= 1.2))}\n` +
        `  each run: 2 s of each to warm up, then ${SHORT_LINK_SLICES} slices of 1 s of each, alternating (A B B A …), 10 connections;\n` +
        '  p50/p99 over every response of the run (samples = route / bare).',
    );
  }

  if (section('realtime')) {
    console.log("Realtime: message written through the API → event on the recipient's socket");
    const inner = await server.innerUrl();
    const rt = await realtimeFigures(base, { senders: 30, sends: 200, fanout: 1000, inner });
    const row = (figure, r) => ({
      figure,
      received: `${r.received}/${r.expected}`,
      p50: ms(r.p50),
      p99: ms(r.p99),
      'decoded p99': ms(r.decodedP99),
      'API answered p50': ms(r.apiP50),
      'API answered p99': ms(r.apiP99),
    });
    console.table([
      row('delivery, 1 socket, 200 sends (target p99 ≤ 50 ms)', rt.delivery),
      row('fan-out, 1,000 sockets on one Durable Object, 5 sends (target p99 ≤ 100 ms)', rt.fan),
      ...(rt.direct ? [row("  same fan-out, bypassing wrangler dev's local proxy (diagnostic)", rt.direct)] : []),
    ]);
    console.log(
      '  p50/p99 = send through the API → the event frame on the socket (its bytes read by the client).\n' +
        "  'decoded p99' = the same until this one client process has inflated and handed it over (1,000\n" +
        '  sockets share its zlib thread pool; locally permessage-deflate is negotiated, as browsers offer it).\n' +
        "  'API answered' = send → API response; the response waits for the push to every socket, so the push\n" +
        "  loop ends before it. The diagnostic row connects sockets and sends to the worker's own workerd\n" +
        `  (${inner ?? 'not found'}) instead of wrangler dev's proxy on ${base}; the target is judged on the row above it.\n` +
        "  Local only: each socket crosses wrangler dev's ProxyWorker (a second workerd) and miniflare's entry worker,\n" +
        "  which negotiates permessage-deflate with the client whatever the worker's own compatibility flags\n" +
        '  (no_web_socket_compression changes nothing here), so every frame is deflated per socket before it leaves.',
    );
  }
  if (section('campaign-live')) {
    console.log(
      'Film page, live: a credited payment (signed webhook) → the new raised figure on every open film-page socket',
    );
    const cl = await campaignLiveFigures(base, money, { sockets: 1000, payments: 5 });
    const row = (figure, r) => ({
      figure,
      received: `${r.received}/${r.expected}`,
      p50: ms(r.p50),
      p99: ms(r.p99),
      'API answered p50': ms(r.apiP50),
      'API answered p99': ms(r.apiP99),
    });
    console.table([
      row('payment → figures, 1,000 film-page sockets on one campaign, 5 payments (target p99 ≤ 100 ms)', cl.live),
      row('  the same fan-out of a bare doorbell frame (one user, 1,000 tabs, 5 messages)', cl.bare),
    ]);
    const ratio = cl.live.p99 / cl.bare.p99;
    console.log(
      `  live p99 / bare p99 = ${ratio.toFixed(2)} (target ≤ 2, same run): ${verdict(ratio <= 2)}\n` +
        `  untimed above: the first payment after the server started (no socket open) answered in ${ms(cl.firstPaymentMs)};\n` +
        `  the first request after the 1,000 upgrades (a plain GET) took ${ms(cl.afterUpgrades[0])} (film pages), ` +
        `${ms(cl.afterUpgrades[1])} (tabs)\n` +
        '  each payment (ms from the webhook request): ' +
        cl.live.payments
          .map(
            (p, i) =>
              `#${i + 1} first ${p.first.toFixed(0)}, p50 ${p.p50.toFixed(0)}, last ${p.last.toFixed(0)}, answered ${p.answered.toFixed(0)}`,
          )
          .join('; '),
    );
    console.log(
      "  p50/p99 = request sent → the frame's bytes on each socket. The webhook answers after its batch commits;\n" +
        '  the campaign channel then reads the figures (3 indexed queries) and sends one frame to every page.',
    );
  }
  if (section('money')) await printMoneyFigures(base, money);

  if (section('coins')) {
    console.log(
      "A film's coins page (NIGHT, the demo's deployed coin): its JavaScript until the buyer opens the wallet, and\n" +
        '  the time from the press on "Buy" in the dialog to the holdings shown from the receipt (Chromium, the\n' +
        "  browser tests' injected wallet, local chain; wallet connected and funded before the press; fresh account per run)",
    );
    const creator = await signIn(base, DEMO_CREATOR.email, DEMO_CREATOR.password);
    const mine = await (await fetch(`${base}/api/campaigns/mine`, { headers: { cookie: creator.cookie } })).json();
    const night = mine.campaigns.find((c) => c.title === 'Night Shift: season two')?.movieId ?? 'none';
    const path = `/movie/${night}/coins`;
    const w = await pageWeight(base, path, {});
    const buy = JSON.parse(
      (
        await run('tsx', ['scripts/bench/coin-buy.ts', base, `http://127.0.0.1:${chainPort}`, path, '3'], {
          quiet: true,
        })
      )
        .trim()
        .split('\n')
        .at(-1),
    );
    console.table([
      {
        page: path,
        status: w.status,
        'JS files': w.jsFiles,
        'JS gzip': kb(w.jsGzip),
        'JS gzip target': `≤ ${kb(COINS_JS_BUDGET)}: ${verdict(w.jsGzip <= COINS_JS_BUDGET)}`,
        'buy → holdings, runs': buy.runs.map((t) => `${t} ms`).join(', '),
        'buy → holdings, median': `${buy.median} ms`,
      },
    ]);
  }

  if (section('first-frame')) {
    console.log(
      "Time from the press on the film page's play button to the first frame (Chromium, /movie/{film}, the\n" +
        "  player's code not loaded before the press, fresh context per run)",
    );
    const ff = await firstFrame(base, { filmId: film, ...DEMO_VIEWER });
    const worst = Math.max(...ff.runs);
    console.table([
      {
        runs: ff.runs.map((t) => t.toFixed(0)).join(', '),
        median: ms(ff.median),
        'worst (target ≤ 400 ms)': ms(worst),
        verdict: verdict(worst <= 400),
        'player code before the press': ff.loadedBeforePress.some(Boolean) ? 'loaded (unexpected)' : 'not loaded',
      },
    ]);
  }

  if (section('search')) await printSearchFigures();
  if (section('fuzz')) await printFuzzFigures();
  if (section('overview')) await printOverviewFigures();
  if (section('dashboard')) await printDashboardFigures();
  if (section('coin-index')) await printCoinIndexFigures();

  if (section('lighthouse')) {
    console.log(
      'Lighthouse mobile performance (npm lighthouse, default mobile config, Chromium, signed out; target ≥ 95, CLS 0)',
    );
    const dump = process.env.BENCH_LIGHTHOUSE_DIR;
    const keep = dump
      ? (path, run, lhr) =>
          writeFileSync(
            join(dump, `${path === '/' ? 'home' : path === '/campaigns' ? 'campaigns' : 'film'}-${run}.json`),
            JSON.stringify(lhr),
          )
      : undefined;
    // The home page five times in a row: each run must reach 95 (issue 50); the film page once.
    const home = await lighthouseFigures(base, ['/'], { runs: 5, keep });
    const filmPage = await lighthouseFigures(base, [`/movie/${film}`], { keep });
    // /campaigns once (issue 49 item 6).
    const campaignsPage = await lighthouseFigures(base, ['/campaigns'], { keep });
    console.table(
      [...home, ...filmPage, ...campaignsPage].map((r) => ({
        page: r.path,
        run: r.run,
        'score (target ≥ 95)': r.score ?? 'n/a',
        verdict: verdict((r.score ?? 0) >= 95),
        'CLS (target 0)': r.cls.toFixed(3),
        LCP: ms(r.lcp),
        TBT: ms(r.tbt),
        FCP: ms(r.fcp),
        'longest tasks (ms, script)': r.longTasks.join('; '),
      })),
    );
    const scores = home.map((r) => r.score ?? 0);
    console.log(
      `  home: ${scores.join(', ')} over ${scores.length} runs in a row, lowest ${Math.min(...scores)}: ` +
        verdict(scores.every((s) => s >= 95)),
    );
  }
} finally {
  await server.stop();
  rmSync(state, { recursive: true, force: true });
}
