import type { MiddlewareHandler } from 'hono';
import { forbidden } from '../lib/errors';
import { gateStatus } from '../shared/site-settings/gate';
import { currentViewer } from './session';
import type { AppEnv } from './types';

/**
 * The API endpoints that stay open while the coming-soon gate locks a visitor out — this list and
 * nowhere else: sign-in (better-auth, /api/me itself), the gate's own endpoints, health checks and payment
 * webhooks. When a feature gives one of SPEC's exempt pages (/apply, /donation-success,
 * /browse-by-category, /new-and-popular, /search-results, /my-list, ...) its data, add its prefix here.
 */
export const GATE_OPEN_API = ['/api/auth', '/api/health', '/api/gate', '/api/webhooks'] as const;
/** Open as exactly these paths, not what lies under them: /api/me (the session check), not the statement. */
export const GATE_OPEN_EXACT = ['/api/me'] as const;

export const isGateOpenApi = (path: string) =>
  GATE_OPEN_EXACT.some((p) => path === p || path === `${p}/`) ||
  GATE_OPEN_API.some((p) => path === p || path.startsWith(`${p}/`));

/** 403 from every other endpoint while the gate is on and the visitor is not authorised. */
export const comingSoonGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isGateOpenApi(c.req.path)) {
    const status = await gateStatus(c.get('services'), c.req.raw.headers, () => currentViewer(c));
    if (!status.authorized) throw forbidden('The site is not open yet');
  }
  await next();
};
