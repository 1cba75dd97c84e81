import type { Viewer } from '../auth/viewer';
import type { Bindings } from '../env';
import { matchPageRoute } from '../lib/page-routes';
import { createServices, handServicesToPage, prepareClock, type Services } from '../platform/services';
import { pageGate } from './coming-soon-gate';
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
  // One set of services for the pipeline and the page it renders (Astro.locals.services).
  const services = createServices(env, { schedule: (work) => ctx.waitUntil(work) });
  handServicesToPage(ctx, services);
  if (isShortLinkPath(url.pathname)) return shortLinkRedirect(url.pathname, services);
  await prepareClock(services);
  const gate = await pageGate(request, services, url);
  if (gate.locked) return gate.locked;
  const res = await protectedPage(request, services, env, ctx, render, url);
  if (gate.setCookies.length === 0) return res;
  const out = new Response(res.body, res);
  for (const c of gate.setCookies) out.headers.append('set-cookie', c);
  return out;
}

async function protectedPage(
  request: Request,
  services: Services,
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

  const decision = await decideAccess(route.access, clean, services);
  switch (decision.kind) {
    case 'not-found':
      return render(new Request(new URL(NOT_FOUND_PATH, url), { headers }), env, ctx);
    case 'sign-in': {
      const next = `${url.pathname}${url.search}`;
      return redirect(`/auth?redirect=${encodeURIComponent(next)}`, decision.setCookies);
    }
    case 'home':
      return redirect('/');
    case 'allow': {
      if (!decision.viewer) return render(clean, env, ctx);
      headers.set(VIEWER_HEADER, encodeURIComponent(JSON.stringify(decision.viewer satisfies Viewer)));
      const res = noStore(await render(new Request(request, { headers }), env, ctx));
      for (const c of decision.setCookies) res.headers.append('set-cookie', c);
      return res;
    }
  }
}
