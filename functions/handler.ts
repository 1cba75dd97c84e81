import { createApp } from './app';
import { benchRoute } from './edge/bench-routes';
import { handlePage, type PageRenderer } from './edge/pages';
import { withSecurityHeaders } from './edge/security-headers';
import { withTestModeBanner } from './edge/test-mode-banner';
import { type Bindings, getConfig } from './env';
import { runScheduled } from './scheduled';

/**
 * The one worker's fetch handler: /api/* to the Hono app, every other request through the page
 * pipeline (which ends in Astro). `render` is Astro in production; the workerd tests of the API
 * and of the page pipeline pass a small page stand-in, and the real pages are tested over HTTP.
 */
export function createWorker(render: PageRenderer) {
  const api = createApp();
  return {
    async fetch(request: Request, env: Bindings, ctx: ExecutionContext): Promise<Response> {
      const config = getConfig(env);
      const { pathname } = new URL(request.url);
      if (config.isLocal && pathname.startsWith('/__bench/')) {
        const bench = benchRoute(pathname);
        if (bench) return bench;
      }
      const isApi = pathname === '/api' || pathname.startsWith('/api/');
      const response = isApi ? await api.fetch(request, env, ctx) : await handlePage(request, env, ctx, render);
      // WebSocket upgrades pass through untouched.
      if (response.status === 101) return response;
      const page = !isApi && config.paymentsTestMode ? withTestModeBanner(response) : response;
      return withSecurityHeaders(page, config);
    },
    /** Cron triggers (wrangler.toml [triggers]). */
    async scheduled(controller: ScheduledController, env: Bindings, ctx: ExecutionContext): Promise<void> {
      ctx.waitUntil(runScheduled(controller, env));
    },
  } satisfies ExportedHandler<Bindings>;
}
