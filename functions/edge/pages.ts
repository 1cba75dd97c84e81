import type { Viewer } from '../auth/viewer';
import { DENIED_PARAM, matchPageRoute, pageParamsValid, signInPath } from '../domain/site/pages';
import type { Bindings } from '../env';
import { createDeps, handDepsToPage, prepareClock } from '../platform/create-deps';
import type { Deps } from '../platform/deps';
import { canonicalPath } from './canonical';
import { pageGate } from './page-gate';
import { decideAccess } from './protection';
import { isShortLinkPath, shortLinkRedirect } from './short-links';

export type PageRenderer = (request: Request, env: Bindings, ctx: ExecutionContext) => Promise<Response>;

/** Carries the viewer the worker resolved to the page renderer. Always stripped from incoming requests. */
export const VIEWER_HEADER = 'x-reelfund-viewer';
/** A path no page has: rendering it yields the 404 page with status 404. */
export const NOT_FOUND_PATH = '/__not-found__';

const noStore = (res: Response) => {
  const out = new Response(res.body, res);
  out.headers.set('Cache-Control', 'private, no-store');
  return out;
};

const permanentRedirect = (location: string) =>
  new Response(null, { status: 308, headers: { location, 'cache-control': 'private, no-store' } });

/** Pages are read, never posted to (the API takes every write). */
const methodNotAllowed = () =>
  new Response('Method Not Allowed', {
    status: 405,
    headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

const notFoundPage = (request: Request, env: Bindings, ctx: ExecutionContext, render: PageRenderer, url: URL) => {
  const headers = new Headers(request.headers);
  headers.delete(VIEWER_HEADER);
  return render(new Request(new URL(NOT_FOUND_PATH, url), { headers }), env, ctx);
};

const redirect = (location: string, setCookies: string[] = []) => {
  const headers = new Headers({ location, 'cache-control': 'private, no-store' });
  for (const c of setCookies) headers.append('set-cookie', c);
  return new Response(null, { status: 302, headers });
};

/**
 * Every non-API request passes here before Astro renders it (or serves a prerendered file), so the
 * server's rules apply to static pages too: short links are answered at once; then the coming-soon
 * gate; then a protected page without a valid session is a redirect to /auth carrying none of the
 * page's data.
 */
export async function handlePage(
  request: Request,
  env: Bindings,
  ctx: ExecutionContext,
  render: PageRenderer,
): Promise<Response> {
  const url = new URL(request.url);
  // Pages are matched on one spelling of their path: any other is sent there (or is a 404).
  const canonical = canonicalPath(url.pathname);
  if (canonical === null) return notFoundPage(request, env, ctx, render, url);
  if (canonical !== url.pathname) return permanentRedirect(`${canonical}${url.search}`);
  const route = matchPageRoute(url.pathname);
  if (route && request.method !== 'GET' && request.method !== 'HEAD') return methodNotAllowed();
  // One set of deps for the pipeline and the page it renders (Astro.locals.deps). A short link renders
  // no page: it is answered before the page gets its deps.
  const deps = createDeps(env, { schedule: (work) => ctx.waitUntil(work) });
  if (isShortLinkPath(url.pathname)) return shortLinkRedirect(url.pathname, deps);
  handDepsToPage(ctx, deps);
  await prepareClock(deps);
  const gate = await pageGate(request, deps, url);
  if (gate.locked) return gate.locked;
  const res = await protectedPage(request, deps, env, ctx, render, url);
  if (gate.setCookies.length === 0) return res;
  const out = new Response(res.body, res);
  for (const c of gate.setCookies) out.headers.append('set-cookie', c);
  return out;
}

async function protectedPage(
  request: Request,
  deps: Deps,
  env: Bindings,
  ctx: ExecutionContext,
  render: PageRenderer,
  url: URL,
): Promise<Response> {
  const headers = new Headers(request.headers);
  headers.delete(VIEWER_HEADER);
  const clean = new Request(request, { headers });

  const route = matchPageRoute(url.pathname);
  if (!route) return render(clean, env, ctx);
  if (!pageParamsValid(route, url.pathname)) return notFoundPage(request, env, ctx, render, url);

  const decision = await decideAccess(route.access, clean, deps);
  switch (decision.kind) {
    case 'not-found':
      return render(new Request(new URL(NOT_FOUND_PATH, url), { headers }), env, ctx);
    case 'sign-in':
      return redirect(signInPath(route, `${url.pathname}${url.search}`), decision.setCookies);
    case 'home':
      // Home, saying which page was for creators or admins only (src/pages/index.astro).
      return redirect(`/?${DENIED_PARAM}=${encodeURIComponent(url.pathname)}`);
    case 'allow': {
      if (!decision.viewer) return render(clean, env, ctx);
      headers.set(VIEWER_HEADER, encodeURIComponent(JSON.stringify(decision.viewer satisfies Viewer)));
      const res = noStore(await render(new Request(request, { headers }), env, ctx));
      for (const c of decision.setCookies) res.headers.append('set-cookie', c);
      return res;
    }
  }
}
