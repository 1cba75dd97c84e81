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
