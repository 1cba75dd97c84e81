import { type Context, Hono } from 'hono';
import { ANYONE } from '../../auth/authorize';
import { DomainError, forbidden, notFound } from '../../domain/errors';
import { ID } from '../../domain/ids';
import { TEXT } from '../../domain/texts';
import { clientAddress } from '../../http/limits';
import { requireViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import {
  CAMPAIGN_ID_HEADER,
  CLIENT_ADDRESS_HEADER,
  SESSION_EXPIRES_HEADER,
  SOCKET_CAP_HEADER,
} from '../../realtime/protocol';
import { campaignLiveFigures } from '../../services/insights';

/** A browser page of another origin may not open our sockets (a request without Origin is not a page). */
function refuseOtherSites(c: Context<AppEnv>) {
  const origin = c.req.header('origin');
  if (origin && origin !== c.get('deps').config.PUBLIC_URL) throw forbidden('Connections from other sites are refused');
}

function requireUpgrade(c: Context<AppEnv>) {
  if (c.req.header('upgrade')?.toLowerCase() !== 'websocket') {
    c.header('Upgrade', 'websocket');
    throw new DomainError('upgrade_required', 'Connect with a WebSocket upgrade');
  }
}

export const realtimeRoutes = new Hono<AppEnv>()
  /**
   * GET /api/realtime — the WebSocket of the signed-in user's open tab, handed to that user's own
   * UserChannel (named by the session's user id, never by anything in the request). Signed out: 401.
   * Signed in without an Upgrade header: 426. A browser page of another origin: 403. At most
   * SOCKETS_PER_ACCOUNT per account (configurable; the bench lifts it): one more closes the oldest
   * (4008), docs/limits.md.
   */
  .get('/', async (c) => {
    const viewer = await requireViewer(c);
    requireUpgrade(c);
    refuseOtherSites(c);
    const headers = new Headers({
      Upgrade: 'websocket',
      [SESSION_EXPIRES_HEADER]: viewer.sessionExpiresAt,
      [SOCKET_CAP_HEADER]: String(c.get('deps').config.SOCKETS_PER_ACCOUNT),
    });
    const ns = c.env.USER_CHANNEL;
    return ns.get(ns.idFromName(viewer.userId)).fetch(new Request(c.req.raw.url, { headers }));
  })
  /**
   * GET /api/realtime/campaigns/:id — a film page's socket for its campaign's live figures, open to
   * anyone, signed in or not, for a public campaign only (never a draft, one waiting for review or a
   * rejected one: 404 as for an id that does not exist). A few sockets per address and campaign
   * (CAMPAIGN_SOCKETS_PER_ADDRESS, 429 beyond). Without an Upgrade header: 426; a page of another origin: 403.
   */
  .get(`/campaigns/:id${ID.campaign}`, async (c) => {
    const id = c.req.param('id');
    if (!(await campaignLiveFigures(c.get('deps'), ANYONE, id))) throw notFound(TEXT.campaignNotFoundState);
    requireUpgrade(c);
    refuseOtherSites(c);
    const headers = new Headers({
      Upgrade: 'websocket',
      [CAMPAIGN_ID_HEADER]: id,
      [CLIENT_ADDRESS_HEADER]: clientAddress(c) ?? 'unknown',
      [SOCKET_CAP_HEADER]: String(c.get('deps').config.CAMPAIGN_SOCKETS_PER_ADDRESS),
    });
    const ns = c.env.CAMPAIGN_CHANNEL;
    const res = await ns.get(ns.idFromName(id)).fetch(new Request(c.req.raw.url, { headers }));
    if (res.status === 429) throw new DomainError('rate_limited', 'Too many open pages of this campaign');
    if (res.status === 404) throw notFound(TEXT.campaignNotFoundState);
    return res;
  });
