import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { except } from 'hono/combine';
import { csrf } from 'hono/csrf';
import { requestId } from 'hono/request-id';
import { trustedOrigins } from './auth/trusted-origins';
import { DomainError } from './domain/errors';
import { comingSoonGate } from './http/api-gate';
import { betterAuthErrors } from './http/auth-errors';
import { onError } from './http/on-error';
import type { AppEnv } from './http/types';
import { scheduleFor } from './http/wait-until';
import { createDeps, prepareClock } from './platform/create-deps';
import type { DepsOverrides } from './platform/deps';
import { ACCOUNT_FILE_ROUTES, accountRoutes } from './routes/account';
import { adminRoutes } from './routes/admin';
import { applicationRoutes } from './routes/applications';
import { authRoutes } from './routes/auth';
import { campaignRoutes } from './routes/campaigns';
import { contentRoutes } from './routes/content';
import { devRoutes } from './routes/dev';
import { filmRoutes } from './routes/films';
import { functionsRoutes } from './routes/functions';
import { gateRoutes } from './routes/gate';
import { health } from './routes/health';
import { marketplaceRoutes } from './routes/marketplace';
import { meRoutes } from './routes/me';
import { mediaRoutes } from './routes/media';
import { messageRoutes } from './routes/messages';
import { myListRoutes } from './routes/my-list';
import { notificationRoutes } from './routes/notifications';
import { paymentRoutes } from './routes/payments';
import { payoutRoutes } from './routes/payouts';
import { projectRoutes } from './routes/projects';
import { realtimeRoutes } from './routes/realtime';
import { reportRoutes } from './routes/reports';
import { searchRoutes } from './routes/search';
import { shortLinkRoutes } from './routes/short-links';
import { studioRoutes } from './routes/studio';
import { FILE_BODY_ROUTES, uploadRoutes } from './routes/uploads';
import { userRoutes } from './routes/users';
import { walletRoutes } from './routes/wallets';
import { watchRoutes } from './routes/watch';
import { webhookRoutes } from './routes/webhooks';

/**
 * One routes module per API prefix (the first path segment after /api), each mounted once and in
 * this order; a module composes its feature's files. tests/workers/api-routes.test.ts holds this.
 */
export const API_ROUTES = {
  '/health': health,
  '/auth': authRoutes,
  '/me': meRoutes,
  '/account': accountRoutes,
  '/dev': devRoutes,
  '/gate': gateRoutes,
  '/admin': adminRoutes,
  '/short-links': shortLinkRoutes,
  '/notifications': notificationRoutes,
  '/messages': messageRoutes,
  '/users': userRoutes,
  '/realtime': realtimeRoutes,
  '/uploads': uploadRoutes,
  '/films': filmRoutes,
  '/studio': studioRoutes,
  '/payments': paymentRoutes,
  '/webhooks': webhookRoutes,
  '/payouts': payoutRoutes,
  '/media': mediaRoutes,
  '/my-list': myListRoutes,
  '/search': searchRoutes,
  '/watch': watchRoutes,
  '/campaigns': campaignRoutes,
  '/functions': functionsRoutes,
  '/wallets': walletRoutes,
  '/applications': applicationRoutes,
  '/marketplace': marketplaceRoutes,
  '/projects': projectRoutes,
  '/content': contentRoutes,
  '/reports': reportRoutes,
} as const;

/** Default cap on request bodies; uploads have their own routes and limits. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The API: middleware, one `app.route` per prefix (API_ROUTES), one error handler. Mounted at /api by the
 * worker. `overrides` go to the service factory (the libSQL parity tests pass their database).
 */
export function createApp(overrides: DepsOverrides = {}) {
  const app = new Hono<AppEnv>().basePath('/api');

  app.use(requestId());
  app.use(
    except(
      [...FILE_BODY_ROUTES, ...ACCOUNT_FILE_ROUTES],
      bodyLimit({
        maxSize: MAX_BODY_BYTES,
        onError: () => {
          throw new DomainError('payload_too_large', 'The request body is too large');
        },
      }),
    ),
  );
  app.use(async (c, next) => {
    const deps = createDeps(c.env, { schedule: scheduleFor(c), ...overrides });
    c.set('deps', deps);
    await prepareClock(deps);
    await next();
  });
  // Cross-site form posts are refused (JSON from another origin already needs a preflight we never grant).
  app.use(csrf({ origin: (origin, c) => trustedOrigins(c.get('deps').config).includes(origin) }));
  // While the coming-soon gate is on, 403 for locked-out visitors (its allowlist is in the module).
  app.use(comingSoonGate);

  app.use('/auth/*', betterAuthErrors);

  for (const [prefix, routes] of Object.entries(API_ROUTES)) app.route(prefix, routes);

  app.notFound((c) => c.json({ error: { code: 'not_found', message: 'No such endpoint' } }, 404));
  app.onError(onError);
  return app;
}

export type App = ReturnType<typeof createApp>;
