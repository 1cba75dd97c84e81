import { ANYONE } from '../auth/authorize';
import { SHORT_CODE, sameSiteTarget } from '../domain/short-links/target';
import type { Deps } from '../platform/deps';
import { resolveShortLink } from '../services/short-links';

export const isShortLinkPath = (pathname: string) => pathname === '/s' || pathname.startsWith('/s/');

const redirect = (location: string, cacheControl: string) =>
  new Response(null, { status: 302, headers: { location, 'cache-control': cacheControl } });

const home = () => redirect('/', 'private, no-store');

/**
 * The redirect's target per code, kept for the isolate's life like the code itself (a code never
 * changes what it points to; functions/services/short-links/resolve.ts): a repeated hit parses no URL.
 * Bounded: the oldest entry goes first.
 */
const targets = new Map<string, { original: string; publicUrl: string; target: string | null }>();
const TARGETS_MAX = 10_000;

function targetOf(code: string, original: string, publicUrl: string): string | null {
  const kept = targets.get(code);
  if (kept && kept.original === original && kept.publicUrl === publicUrl) return kept.target;
  const target = sameSiteTarget(original, publicUrl);
  if (targets.size >= TARGETS_MAX) targets.delete(targets.keys().next().value as string);
  targets.set(code, { original, publicUrl, target });
  return target;
}

/**
 * /s/{shortCode}, answered by the worker with no page at all: a redirect to
 * the stored same-site path; a missing, unknown or failing code goes home, and is logged.
 */
export async function shortLinkRedirect(pathname: string, deps: Deps): Promise<Response> {
  const code = pathname.replace(/^\/s\/?/, '').replace(/\/$/, '');
  if (!code) {
    console.warn('Short link without a code:', pathname);
    return home();
  }
  if (!SHORT_CODE.test(code)) {
    console.warn('Short link not found:', code);
    return home();
  }
  let original: string | null;
  try {
    original = await resolveShortLink(deps, ANYONE, code);
  } catch (err) {
    console.error('Short link lookup failed:', code, err);
    return home();
  }
  if (original === null) {
    console.warn('Short link not found:', code);
    return home();
  }
  const target = targetOf(code, original, deps.config.PUBLIC_URL);
  if (!target) {
    console.warn('Short link leads off the site; going home instead:', code);
    return home();
  }
  // A code never changes what it points to, so browsers may keep the answer for a while.
  return redirect(target, 'public, max-age=3600');
}
