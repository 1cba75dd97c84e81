import type { Config } from '../env';
import { COMING_SOON_HEAD_SCRIPT_HASH } from '../lib/coming-soon';

// Script and style sources are governed by the CSP Astro writes into each page (with hashes of its
// inline scripts); this header adds what a <meta> CSP cannot express.
const CSP = [
  "default-src 'self'",
  `script-src 'self' '${COMING_SOON_HEAD_SCRIPT_HASH}'`,
  "base-uri 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self' https://checkout.stripe.com",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  "connect-src 'self' ws: wss:",
].join('; ');

/** Security headers on every response the worker sends, pages and API alike. */
export function withSecurityHeaders(response: Response, config: Pick<Config, 'isLocal'>): Response {
  const res = new Response(response.body, response);
  const h = res.headers;
  if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', CSP);
  h.set('X-Content-Type-Options', 'nosniff');
  h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('X-Frame-Options', 'DENY');
  h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  if (!config.isLocal) h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload');
  return res;
}
