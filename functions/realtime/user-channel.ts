import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../env';

/** What a tab is told: a doorbell, never the source of truth (the client then reads from the API). */
export interface ChannelEvent {
  kind: string;
  id?: string;
  [key: string]: unknown;
}

/**
 * One object per user: holds that user's open tabs (hibernation WebSockets) and rings them.
 * Pings are answered by the runtime's auto-response without waking the object (25 s heartbeat).
 */
export class UserChannel extends DurableObject<Bindings> {
  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair('ping', 'pong'));
  }

  /** Accepts a WebSocket upgrade; the caller (the worker) has already authenticated the user. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('Expected a WebSocket upgrade', { status: 426 });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }

  /** Sends an event to every open socket; returns how many received it. */
  async push(event: ChannelEvent): Promise<number> {
    const message = JSON.stringify(event);
    let delivered = 0;
    for (const ws of this.ctx.getWebSockets()) {
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
}
