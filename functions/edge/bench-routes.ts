/**
 * Baselines for `npm run bench` (local only): routes that do no work, so the figures of real
 * routes can be read as ratios against what the runtime itself costs.
 */
export function benchRoute(pathname: string): Response | null {
  if (pathname === '/__bench/bare') return new Response('ok', { headers: { 'content-type': 'text/plain' } });
  if (pathname === '/__bench/redirect') return new Response(null, { status: 302, headers: { location: '/' } });
  return null;
}
