import type { Config } from '../env';

// Scripts and styles are governed by the CSP Astro writes into each page, with the hashes of its
// inline code (astro.config.mjs security.csp). This header adds what a <meta> CSP cannot express and
// must not set default-src or script-src itself: both policies apply, and it cannot know the hashes.
const CSP = [
  "base-uri 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self' https://checkout.stripe.com",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  "connect-src 'self' ws: wss:",
].join('; ');

const directiveName = (d: string) => d.trim().split(/\s+/)[0]?.toLowerCase() ?? '';

/**
 * Adds our directives to a policy the response already has (Astro's script-src/style-src with
 * hashes on server-rendered pages, the coming-soon document's own policy); the response's own
 * directive wins where both name one.
 */
export function mergeCsp(existing: string | null, ours: string): string {
  if (!existing) return ours;
  const have = new Set(existing.split(';').map(directiveName).filter(Boolean));
  const added = ours.split(';').filter((d) => !have.has(directiveName(d)));
  return [existing.trim().replace(/;$/, ''), ...added.map((d) => d.trim())].join('; ');
}

/** Security headers on every response the worker sends, pages and API alike. */
export function withSecurityHeaders(response: Response, config: Pick<Config, 'isLocal'>): Response {
  const res = new Response(response.body, response);
  const h = res.headers;
  h.set('Content-Security-Policy', mergeCsp(h.get('Content-Security-Policy'), CSP));
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('X-Frame-Options', 'DENY');
  h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  if (!config.isLocal) h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload');
  return res;
}
