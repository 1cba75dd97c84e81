import { Hono } from 'hono';
import { ApiError, forbidden } from '../../http/errors';
import { requireViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { SESSION_EXPIRES_HEADER } from '../../realtime/protocol';

/**
 * GET /api/realtime — the WebSocket of the signed-in user's open tab, handed to that user's own
 * UserChannel (named by the session's user id, never by anything in the request). Signed out: 401.
 * Signed in without an Upgrade header: 426. A browser page of another origin: 403.
 */
export const realtimeRoutes = new Hono<AppEnv>().get('/', async (c) => {
  const viewer = await requireViewer(c);
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
    c.header('Upgrade', 'websocket');
    throw new ApiError('upgrade_required', 'Connect with a WebSocket upgrade');
  }
  const origin = c.req.header('origin');
  if (origin && origin !== c.get('services').config.PUBLIC_URL)
    throw forbidden('Connections from other sites are refused');
  const headers = new Headers({ Upgrade: 'websocket', [SESSION_EXPIRES_HEADER]: viewer.sessionExpiresAt });
  const ns = c.env.USER_CHANNEL;
  return ns.get(ns.idFromName(viewer.userId)).fetch(new Request(c.req.raw.url, { headers }));
});
