import { DurableObject } from 'cloudflare:workers';
import type { UserChannelRpc } from '../durable-objects';
import type { Bindings } from '../env';
import {
  type ChannelEvent,
  CLOSE_SESSION_EXPIRED,
  CLOSE_TOO_MANY_TABS,
  CLOSE_TOO_MANY_TABS_REASON,
  closeBackCode,
  PING,
  PONG,
  SESSION_EXPIRES_HEADER,
  SOCKET_CAP_HEADER,
  SOCKETS_PER_ACCOUNT,
} from './protocol';

export type { ChannelEvent } from './protocol';

/** What each socket remembers across hibernation (serializeAttachment). */
interface SocketState {
  connectedAt: number;
  /** Order of arrival in this object (Date.now() does not advance within a request); absent = oldest. */
  seq?: number;
  /** ms since the epoch; the socket is closed at the first push after this. 0 = unknown. */
  sessionExpiresAt: number;
}

/**
 * One object per user: holds that user's open tabs (hibernation WebSockets) and rings them.
 * Pings are answered by the runtime's auto-response without waking the object (25 s heartbeat).
 * The worker routes only the signed-in user's own upgrade here (routes/realtime), so an object
 * never holds another user's sockets.
 */
export class UserChannel extends DurableObject<Bindings> implements UserChannelRpc {
  /**
   * Session expiry per socket, kept in memory so a push does not deserialize 1,000 attachments. It
   * is empty after a hibernation wake-up: a socket missing here is read once from its attachment.
   */
  private readonly expiries = new WeakMap<WebSocket, number>();
  /** Sockets closed to make room: still listed by the runtime until their close completes. */
  private readonly pushedOut = new WeakSet<WebSocket>();
  /** The last arrival number given; -1 until read back from the attachments (after a wake-up). */
  private seq = -1;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(PING, PONG));
  }

  /** Accepts a WebSocket upgrade; the caller (the worker) has already authenticated the user. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') {
      return new Response('Expected a WebSocket upgrade', { status: 426, headers: { Upgrade: 'websocket' } });
    }
    // No await from here to the accept: the object runs this whole, so parallel upgrades are counted
    // one at a time (docs/limits.md).
    const seq = this.makeRoom(Number(request.headers.get(SOCKET_CAP_HEADER)) || SOCKETS_PER_ACCOUNT);
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    const expires = Date.parse(request.headers.get(SESSION_EXPIRES_HEADER) ?? '');
    const sessionExpiresAt = Number.isFinite(expires) ? expires : 0;
    server.serializeAttachment({ connectedAt: Date.now(), seq, sessionExpiresAt } satisfies SocketState);
    this.expiries.set(server, sessionExpiresAt);
    return new Response(null, { status: 101, webSocket: client });
  }

  /**
   * Keeps the account under its cap (SOCKETS_PER_ACCOUNT unless configured) with the socket about to be accepted: closes the
   * oldest open ones past it (CLOSE_TOO_MANY_TABS; the client does not reconnect a hidden tab, see
   * src/stores/notifications.ts). Returns the new socket's arrival number.
   */
  private makeRoom(cap: number): number {
    const open = this.ctx
      .getWebSockets()
      .filter((ws) => ws.readyState === WebSocket.OPEN && !this.pushedOut.has(ws))
      .map((ws) => ({ ws, seq: (ws.deserializeAttachment() as SocketState | null)?.seq ?? 0 }));
    if (this.seq < 0) this.seq = Math.max(0, ...open.map((o) => o.seq));
    const excess = open.length + 1 - cap;
    if (excess > 0) {
      for (const { ws } of open.sort((a, b) => a.seq - b.seq).slice(0, excess)) {
        this.pushedOut.add(ws);
        try {
          ws.close(CLOSE_TOO_MANY_TABS, CLOSE_TOO_MANY_TABS_REASON);
        } catch {
          // Already closing.
        }
      }
    }
    this.seq += 1;
    return this.seq;
  }

  /** Sends an event to every open socket; returns how many received it. */
  async push(event: ChannelEvent): Promise<number> {
    const message = JSON.stringify(event);
    const now = Date.now();
    let delivered = 0;
    for (const ws of this.ctx.getWebSockets()) {
      const expiresAt = this.expiryOf(ws);
      if (expiresAt && expiresAt < now) {
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

  private expiryOf(ws: WebSocket): number {
    let expiresAt = this.expiries.get(ws);
    if (expiresAt === undefined) {
      expiresAt = (ws.deserializeAttachment() as SocketState | null)?.sessionExpiresAt ?? 0;
      this.expiries.set(ws, expiresAt);
    }
    return expiresAt;
  }

  /** Closes every open socket (the user's sessions were revoked); returns how many were open. */
  async closeAll(code: number, reason: string): Promise<number> {
    const sockets = this.ctx.getWebSockets();
    for (const ws of sockets) {
      try {
        ws.close(code, reason);
      } catch {
        // Already closing.
      }
    }
    return sockets.length;
  }

  /** Open sockets right now (closed ones are dropped by the runtime; those being closed are not counted). */
  async connections(): Promise<number> {
    return this.ctx.getWebSockets().filter((ws) => ws.readyState === WebSocket.OPEN && !this.pushedOut.has(ws)).length;
  }

  override async webSocketMessage(): Promise<void> {
    // Clients only listen; anything other than the auto-answered ping is ignored.
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
