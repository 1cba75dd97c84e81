import { defineMiddleware } from 'astro:middleware';
import { env } from 'cloudflare:workers';
import type { Bindings } from '../functions/env';
import { pageDeps } from '../functions/platform/create-deps';

/**
 * Every page gets the deps the worker built for its request (functions/edge/pages.ts) as
 * `Astro.locals.deps`; a render with no worker request behind it (prerendering) gets its own.
 */
export const onRequest = defineMiddleware((context, next) => {
  context.locals.deps = pageDeps(context.locals.cfContext as ExecutionContext | undefined, env as unknown as Bindings);
  return next();
});
