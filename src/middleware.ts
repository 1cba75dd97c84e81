import { defineMiddleware } from 'astro:middleware';
import { env } from 'cloudflare:workers';
import type { Bindings } from '../functions/env';
import { pageServices } from '../functions/platform/services';

/**
 * Every page gets the services the worker built for its request (functions/edge/pages.ts) as
 * `Astro.locals.services`; a render with no worker request behind it (prerendering) gets its own.
 */
export const onRequest = defineMiddleware((context, next) => {
  context.locals.services = pageServices(
    context.locals.cfContext as ExecutionContext | undefined,
    env as unknown as Bindings,
  );
  return next();
});
