import type { Config } from '../env';

// Scripts and styles are governed by the CSP Astro writes into each page, with the hashes of its
// inline code (astro.config.mjs security.csp): as a <meta> on prerendered pages, as this header's own
// script-src/style-src on server-rendered ones (mergeCsp keeps those). Both policies apply, so the
// 'unsafe-inline' below only lets through what Astro's hashes allow; it cannot know the hashes itself.
const FIXED = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "base-uri 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "form-action 'self' https://checkout.stripe.com",
  "img-src 'self' data: blob: https:",
  "media-src 'self' blob:",
  "font-src 'self'",
  "manifest-src 'self'",
];

const originOf = (url: string | undefined) => {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
};

/**
 * connect-src: the site itself (its fetches and its two sockets, ws/wss on PUBLIC_URL's host) and the
 * configured chains' RPC — never any ws:/wss: host.
 */
export function connectSources(config: Pick<Config, 'PUBLIC_URL' | 'chains' | 'coins'>): string[] {
  const site = new URL(config.PUBLIC_URL);
  const socket = `${site.protocol === 'https:' ? 'wss:' : 'ws:'}//${site.host}`;
  const defaultChain = config.chains.chains.find((c) => c.id === config.chains.defaultChainId);
  const rpc = [originOf(defaultChain?.rpc), originOf(config.coins?.rpcUrl)].filter((o): o is string => o !== null);
  return [...new Set(["'self'", socket, ...rpc])];
}

const policies = new WeakMap<object, string>();

/** The policy this deployment's responses carry (built once per configuration). */
export function contentSecurityPolicy(config: Pick<Config, 'PUBLIC_URL' | 'chains' | 'coins'>): string {
  let csp = policies.get(config);
  if (!csp) {
    csp = [...FIXED, `connect-src ${connectSources(config).join(' ')}`].join('; ');
    policies.set(config, csp);
  }
  return csp;
}

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
export function withSecurityHeaders(
  response: Response,
  config: Pick<Config, 'isLocal' | 'PUBLIC_URL' | 'chains' | 'coins'>,
): Response {
  const res = new Response(response.body, response);
  const h = res.headers;
  h.set('Content-Security-Policy', mergeCsp(h.get('Content-Security-Policy'), contentSecurityPolicy(config)));
  h.set('X-Content-Type-Options', 'nosniff');
  // A page with a credential in its address (a guest's signed link, docs/backing.md) sends no referrer at all.
  if (h.get('Referrer-Policy') !== 'no-referrer') h.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  h.set('X-Frame-Options', 'DENY');
  h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)');
  h.set('Cross-Origin-Opener-Policy', 'same-origin');
  if (!config.isLocal) h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload');
  return res;
}
