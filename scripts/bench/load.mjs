import autocannon from 'autocannon';

/** Response-time percentiles of one URL under a fixed, bounded load on loopback. */
export async function measure(url, { connections = 10, duration = 5, method = 'GET', headers = {}, body } = {}) {
  const result = await autocannon({ url, connections, duration, method, headers, body, followRedirect: false });
  return {
    url: new URL(url).pathname,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Measures a route and its do-nothing baseline alternately, so both see the same machine. */
export async function sideBySide(route, baseline, options) {
  await measure(route, { ...options, duration: 1 }); // warm-up
  await measure(baseline, { ...options, duration: 1 });
  const a = await measure(route, options);
  const b = await measure(baseline, options);
  return { route: a, baseline: b, ratioP50: a.p50 / b.p50, ratioP99: a.p99 / b.p99 };
}

/** The p-th percentile (0–1) of sorted samples. */
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? Number.NaN;

/** One slice of load on `url`, every response's time (ms) appended to `samples`. */
async function slice(url, samples, { connections, duration }) {
  const instance = autocannon({ url, connections, duration, followRedirect: false });
  let errors = 0;
  instance.on('response', (_client, _status, _bytes, ms) => samples.push(ms));
  instance.on('reqError', () => errors++);
  await instance;
  return errors;
}

/**
 * A route and its baseline measured in alternating short slices (A B B A A B …, so a drift of the shared
 * machine falls on both alike) after a warm-up of each, every response's time pooled per side: p50 and
 * p99 over thousands of samples of the same minutes rather than one 5-second window each.
 */
export async function interleaved(route, baseline, { connections = 10, slices = 10, sliceSeconds = 1 } = {}) {
  await slice(route, [], { connections, duration: 2 }); // warm-up, not counted
  await slice(baseline, [], { connections, duration: 2 });
  const a = [];
  const b = [];
  let errors = 0;
  for (let i = 0; i < slices; i++) {
    const order = i % 2 === 0 ? [route, baseline] : [baseline, route];
    for (const url of order) errors += await slice(url, url === route ? a : b, { connections, duration: sliceSeconds });
  }
  const figures = (samples) => {
    samples.sort((x, y) => x - y);
    return { samples: samples.length, p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) };
  };
  const ra = figures(a);
  const rb = figures(b);
  return { route: ra, baseline: rb, errors, ratioP50: ra.p50 / rb.p50, ratioP99: ra.p99 / rb.p99 };
}
