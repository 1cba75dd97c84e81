import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { type Db, getDb } from './db/client';
import type { Bindings } from './env';
import { getConfig } from './env';
import { onError } from './http/on-error';
import type { AppEnv } from './http/types';
import { ApiError } from './lib/errors';
import { health } from './routes/health';

export interface AppDeps {
  /** How a request gets its database; the libSQL parity tests pass a real @libsql/client database here. */
  db?: (env: Bindings) => Db;
}

/** Default cap on request bodies; uploads have their own routes and limits. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** The API: middleware, one `app.route` per resource, one error handler. Mounted at /api by the worker. */
export function createApp(deps: AppDeps = {}) {
  const dbFor = deps.db ?? getDb;
  const app = new Hono<AppEnv>().basePath('/api');

  app.use(requestId());
  app.use(
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        throw new ApiError('payload_too_large', 'The request body is too large');
      },
    }),
  );
  app.use(async (c, next) => {
    c.set('config', getConfig(c.env));
    c.set('db', dbFor(c.env));
    await next();
  });

  app.route('/health', health);

  app.notFound((c) => c.json({ error: { code: 'not_found', message: 'No such endpoint' } }, 404));
  app.onError(onError);
  return app;
}

export type App = ReturnType<typeof createApp>;
