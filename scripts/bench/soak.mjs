// The load-with-memory section of `npm run bench`: a mix of pages and API calls (reads and one
// write pair), signed out and signed in, at 50 connections for 60 s; the worker's V8 heap after a
// forced collection before, right after and after 30 s idle; the do-nothing route under the same
// connections beside it; and the film page against the home page.
import autocannon from 'autocannon';
import { workerHeap } from './heap.mjs';
import { measure } from './load.mjs';

const run = (opts) => autocannon({ followRedirect: false, ...opts });

/** Every request of the mix answers 2xx when the product is healthy: anything else is an error. */
export function mixRequests({ cookie, film, campaign, origin }) {
  const signedIn = { cookie };
  const write = { cookie, origin };
  return [
    { path: '/' },
    { path: `/movie/${film}` },
    { path: '/faq' },
    { path: '/search?q=harbor' },
    { path: '/browse-by-category', headers: signedIn },
    { path: '/new-and-popular', headers: signedIn },
    { path: '/my-list', headers: signedIn },
    { path: `/movie/${film}`, headers: signedIn },
    { path: '/api/health' },
    { path: '/api/campaigns/live' },
    { path: '/api/search?q=harbor' },
    { path: `/api/films/${film}/team` },
    ...(campaign ? [{ path: `/api/campaigns/${campaign}/funding` }] : []),
    { path: '/api/me', headers: signedIn },
    { path: '/api/notifications/summary', headers: signedIn },
    { path: '/api/my-list', headers: signedIn },
    { method: 'PUT', path: `/api/my-list/${film}`, headers: write },
    { method: 'DELETE', path: `/api/my-list/${film}`, headers: write },
  ];
}

const mb = (bytes) => bytes / (1024 * 1024);

export async function loadWithMemory(
  base,
  { inspectorPort, cookie, film, campaign, connections = 50, duration = 60, idle = 30 },
) {
  const bare = `${base}/__bench/bare`;
  const requests = mixRequests({ cookie, film, campaign, origin: base });
  // A short warm-up so "before" is the heap of a worker that has served each request once.
  await run({ url: base, connections: 2, amount: requests.length * 2, requests });
  const before = await workerHeap(inspectorPort, bare);
  const mix = await run({ url: base, connections, duration, requests });
  const after = await workerHeap(inspectorPort, bare);
  await new Promise((r) => setTimeout(r, idle * 1000));
  const idleHeap = await workerHeap(inspectorPort, bare);
  const baseline = await run({ url: bare, connections, duration: Math.min(duration, 20) });

  // The film page against the home page, alternated so both see the same machine.
  const pages = { home: [], film: [] };
  for (let i = 0; i < 2; i++) {
    pages.home.push((await measure(`${base}/`, { connections: 10, duration: 5 })).rps);
    pages.film.push((await measure(`${base}/movie/${film}`, { connections: 10, duration: 5 })).rps);
  }
  const avg = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const row = (name, r) => ({
    name,
    requests: r.requests.total,
    'req/s': Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
  });
  return {
    mix: row(`mix of ${requests.length} (${connections} connections, ${duration} s)`, mix),
    baseline: row(`do-nothing route (${connections} connections, ${Math.min(duration, 20)} s)`, baseline),
    heap: { before: mb(before.used), after: mb(after.used), idle: mb(idleHeap.used), idleSeconds: idle },
    pages: { home: avg(pages.home), film: avg(pages.film) },
  };
}
