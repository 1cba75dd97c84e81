import { DurableObject } from 'cloudflare:workers';
import { ANYONE } from '../auth/authorize';
import type { CampaignChannelRpc } from '../durable-objects';
import type { Bindings } from '../env';
import { createDeps, prepareClock } from '../platform/create-deps';
import { campaignLiveFigures } from '../services/insights';
import {
  CAMPAIGN_ID_HEADER,
  type CampaignFigures,
  CLIENT_ADDRESS_HEADER,
  CLOSE_CAMPAIGN_GONE,
  closeBackCode,
  PING,
  PONG,
  SOCKET_CAP_HEADER,
} from './protocol';

/**
 * One object per campaign: holds the open film pages of that campaign (hibernation WebSockets, open
 * to anonymous visitors) and sends them its figures — read from the database on every connect, so
 * a cached page is corrected at once, and again whenever a committed change rings it (refresh).
 * Reads are serialized and coalesced: however many rings arrive together, the last read starts
 * after the last of their commits, so the last figures sent are the database's.
 */
export class CampaignChannel extends DurableObject<Bindings> implements CampaignChannelRpc {
  /** The last figures sent, as sent (lost on hibernation: the next refresh sends again). */
  private last = '';
  private reading: Promise<void> | null = null;
  private again = false;
  /** Upgrades of each address let in but still reading the figures: counted against the cap, see fetch. */
  private opening = new Map<string, number>();

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  /** Accepts a visitor's socket (the worker checked that the campaign is public), then sends the figures. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('Expected a WebSocket upgrade', { status: 426, headers: { Upgrade: 'websocket' } });
    }
    const campaignId = request.headers.get(CAMPAIGN_ID_HEADER) ?? '';
    // An address tag: one visitor keeps a few tabs, not hundreds of sockets.
    const address = `a:${request.headers.get(CLIENT_ADDRESS_HEADER) ?? 'unknown'}`.slice(0, 200);
    const cap = Number(request.headers.get(SOCKET_CAP_HEADER)) || 4;
    // The object runs one event at a time only between awaits: the socket is counted in before the
    // read's await, or parallel upgrades would all pass the check (docs/limits.md).
    const opening = this.opening.get(address) ?? 0;
    if (this.ctx.getWebSockets(address).length + opening >= cap) {
      return new Response('Too many open pages of this campaign from one address', { status: 429 });
    }
    this.opening.set(address, opening + 1);
    try {
      const figures = await this.read(campaignId);
      if (!figures) return new Response('Campaign not found', { status: 404 });
      const { 0: client, 1: server } = new WebSocketPair();
      this.ctx.acceptWebSocket(server, [address]);
      server.send(JSON.stringify(figures));
      return new Response(null, { status: 101, webSocket: client });
    } finally {
      const left = (this.opening.get(address) ?? 1) - 1;
      if (left > 0) this.opening.set(address, left);
      else this.opening.delete(address);
    }
  }

  /** A committed change of the campaign: read its figures and send them to every page if they changed. */
  async refresh(campaignId: string): Promise<number> {
    if (this.reading) {
      this.again = true;
      await this.reading;
      return this.ctx.getWebSockets().length;
    }
    this.reading = (async () => {
      do {
        this.again = false;
        await this.broadcast(campaignId);
      } while (this.again);
    })();
    try {
      await this.reading;
    } finally {
      this.reading = null;
    }
    return this.ctx.getWebSockets().length;
  }

  /** Open sockets right now. */
  async connections(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  private async read(campaignId: string): Promise<CampaignFigures | null> {
    const deps = createDeps(this.env);
    await prepareClock(deps);
    return campaignLiveFigures(deps, ANYONE, campaignId);
  }

  private async broadcast(campaignId: string) {
    const sockets = this.ctx.getWebSockets();
    if (sockets.length === 0) {
      this.last = '';
      return;
    }
    const figures = await this.read(campaignId);
    if (!figures) {
      // No longer public: nothing more to show.
      for (const ws of sockets) ws.close(CLOSE_CAMPAIGN_GONE, 'campaign not public');
      this.last = '';
      return;
    }
    const message = JSON.stringify(figures);
    if (message === this.last) return;
    this.last = message;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(message);
      } catch {
        ws.close(1011, 'send failed');
      }
    }
  }

  override async webSocketMessage(): Promise<void> {
    // Pages only listen; anything other than the auto-answered ping is ignored.
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    const answer = closeBackCode(code);
    try {
      ws.close(answer, answer === code ? reason : '');
    } catch {
      // Already closed on our side.
    }
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    ws.close(1011, 'socket error');
  }
}
