import type { MiddlewareHandler } from 'hono';
import { forbidden } from '../domain/errors';
import { isGateOpenApi } from '../domain/site/coming-soon';
import { gateStatus } from '../services/site-settings';
import { currentViewer } from './session';
import type { AppEnv } from './types';

/** 403 from every other endpoint while the gate is on and the visitor is not authorised. */
export const comingSoonGate: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!isGateOpenApi(c.req.path)) {
    const status = await gateStatus(c.get('deps'), c.req.raw.headers, () => currentViewer(c));
    if (!status.authorized) throw forbidden('The site is not open yet');
  }
  await next();
};
