import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../env';
import { type ChannelEvent, CLOSE_SESSION_EXPIRED, PING, PONG, SESSION_EXPIRES_HEADER } from './protocol';

export type { ChannelEvent } from './protocol';

/** What each socket remembers across hibernation (serializeAttachment). */
interface SocketState {
  connectedAt: number;
  /** ms since the epoch; the socket is closed at the first push after this. 0 = unknown. */
  sessionExpiresAt: number;
}

/**
 * One object per user: holds that user's open tabs (hibernation WebSockets) and rings them.
 * Pings are answered by the runtime's auto-response without waking the object (25 s heartbeat).
 * The worker routes only the signed-in user's own upgrade here (routes/realtime), so an object
 * never holds another user's sockets.
 */
export class UserChannel extends DurableObject<Bindings> {
  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  /** Accepts a WebSocket upgrade; the caller (the worker) has already authenticated the user. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('Expected a WebSocket upgrade', { status: 426, headers: { Upgrade: 'websocket' } });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    const expires = Date.parse(request.headers.get(SESSION_EXPIRES_HEADER) ?? '');
    server.serializeAttachment({
      connectedAt: Date.now(),
      sessionExpiresAt: Number.isFinite(expires) ? expires : 0,
    } satisfies SocketState);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends an event to every open socket; returns how many received it. */
  async push(event: ChannelEvent): Promise<number> {
    const message = JSON.stringify(event);
    const now = Date.now();
    let delivered = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const state = ws.deserializeAttachment() as SocketState | null;
      if (state?.sessionExpiresAt && state.sessionExpiresAt < now) {
        // The session this socket was opened with is over: the client reconnects and re-authenticates.
        ws.close(CLOSE_SESSION_EXPIRED, 'session expired');
        continue;
      }
      try {
        ws.send(message);
        delivered++;
      } catch {
        ws.close(1011, 'send failed');
      }
    }
    return delivered;
  }

  /** Open sockets right now (closed ones are dropped by the runtime). */
  async connections(): Promise<number> {
    return this.ctx.getWebSockets().length;
  }

  override async webSocketMessage(): Promise<void> {
    // Clients only listen; anything other than the auto-answered ping is ignored.
  }

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    ws.close(code === 1005 ? 1000 : code, reason);
  }

  override async webSocketError(ws: WebSocket): Promise<void> {
    ws.close(1011, 'socket error');
  }
}
