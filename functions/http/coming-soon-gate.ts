import type { MiddlewareHandler } from 'hono';
import { forbidden } from '../lib/errors';
import { gateStatus } from '../shared/site-settings/gate';
import { currentViewer } from './session';
import type { AppEnv } from './types';

/**
 * The API endpoints that stay open while the coming-soon gate locks a visitor out — this list and
 * nowhere else: sign-in (better-auth, /api/me), the gate's own endpoints, health checks and payment
 * webhooks. When a feature gives one of SPEC's exempt pages (/apply, /donation-success,
 * /browse-by-category, /new-and-popular, /search-results, /my-list, ...) its data, add its prefix here.
 */
export const GATE_OPEN_API = ['/api/auth', '/api/me', '/api/health', '/api/gate', '/api/webhooks'] as const;

export const isGateOpenApi = (path: string) => GATE_OPEN_API.some((p) => path === p || path.startsWith(`${p}/`));

/** 403 from every other endpoint while the gate is on and the visitor is not authorised. */
export const comingSoonGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isGateOpenApi(c.req.path)) {
    const status = await gateStatus(c.get('services'), c.req.raw.headers, () => currentViewer(c));
    if (!status.authorized) throw forbidden('The site is not open yet');
  }
  await next();
};
