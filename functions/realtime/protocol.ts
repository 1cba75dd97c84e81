/**
 * The realtime wire protocol, shared by the worker, the UserChannel Durable Object and the browser
 * (no runtime imports here). Events are doorbells: ids and kinds only; the client reads the rows
 * from the API, so a lost event loses nothing.
 */
export const REALTIME_PATH = '/api/realtime';
/** Realtime heartbeat 25 s. The client sends PING; the runtime auto-responds PONG. */
export const HEARTBEAT_MS = 25_000;
export const PING = 'ping';
export const PONG = 'pong';
/** The header the worker uses to tell the channel when the socket's session ends (worker → object only). */
export const SESSION_EXPIRES_HEADER = 'x-reelfund-session-expires';
/** Close code the channel uses when the session a socket was opened with has expired. */
export const CLOSE_SESSION_EXPIRED = 4001;
/** Close code when the user signed out everywhere (their sessions are gone). */
export const CLOSE_SIGNED_OUT = 4003;
/**
 * Open realtime sockets one account may hold (docs/limits.md, "Per account"): a new one past it
 * closes the account's oldest with CLOSE_TOO_MANY_TABS, so the tab just opened always works.
 */
export const SOCKETS_PER_ACCOUNT = 20;
/** Close code for the oldest socket pushed out by a newer one past SOCKETS_PER_ACCOUNT. */
export const CLOSE_TOO_MANY_TABS = 4008;
export const CLOSE_TOO_MANY_TABS_REASON = 'too many open tabs: this one was the oldest';

export type ReadScope = 'notifications' | 'messages';

export type ChannelEvent =
  | { kind: 'notification'; id: string }
  | { kind: 'message'; id: string; senderId: string; recipientId: string }
  /** The user read something (in any tab): ids read, or every item of the scope. */
  | { kind: 'read'; scope: ReadScope; ids?: string[]; all?: boolean }
  /** The user's roles changed (an approved creator application): open tabs read the session again. */
  | { kind: 'roles' };

/** Reconnect delay: exponential from 1 s, capped at 30 s, with full jitter in its upper half. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** A campaign's live figures: GET {CAMPAIGN_LIVE_PATH}/<campaignId>, open to anyone for a public campaign. */
export const CAMPAIGN_LIVE_PATH = '/api/realtime/campaigns';
/** The header the worker names the campaign with (worker → object only). */
export const CAMPAIGN_ID_HEADER = 'x-reelfund-campaign';
/** The header the worker uses to tell a campaign's channel the visitor's address (worker → object only). */
export const CLIENT_ADDRESS_HEADER = 'x-reelfund-client-address';
/**
 * The header the worker tells a channel its cap with (worker → object only): how many sockets one
 * address may hold on a campaign's channel, or one account on its own channel.
 */
export const SOCKET_CAP_HEADER = 'x-reelfund-socket-cap';
/** Close code when the campaign stopped being public (cancelled, deleted, sent back to draft). */
export const CLOSE_CAMPAIGN_GONE = 4004;
/** Without a socket, the film page reads the figures this often. */
export const CAMPAIGN_POLL_MS = 30_000;

/** What a campaign's channel sends on connect and on every change: figures, never who paid. */
export interface CampaignFigures {
  kind: 'campaign';
  campaignId: string;
  raised: number;
  goal: number;
  backers: number;
  status: string;
  /** The state a visitor sees, and in words (see functions/domain/campaigns/public-state.ts). */
  state: string;
  stateLabel: string;
  takingPayments: boolean;
  /** The money breakdown's figures that every payment and refund moves (cents). */
  escrow: number;
  released: number;
  refunded: number;
  /** The campaign's creator coin sale, from the coin index; absent or null without an indexed coin. */
  coin?: CoinSaleFigures | null;
}

/** A coin's sale as indexed (docs/coins.md, "The index"): pushed to open coins pages when a purchase is indexed. */
export interface CoinSaleFigures {
  /** Whole coins sold, and still for sale. */
  sold: number;
  left: number;
  /** The sale's events are indexed up to and including this block: a purchase mined in it or before is in `sold`. */
  indexedThrough: number;
}

/**
 * The code a channel answers a client's close with (a hibernating socket must be closed back). 1005
 * (none given) and 1006 (the connection dropped without a close frame) may never be sent, nor the
 * other reserved codes: those are answered 1000.
 */
export function closeBackCode(code: number): number {
  const sendable = code === 1000 || (code >= 1001 && code <= 1003) || (code >= 1007 && code <= 1014);
  return sendable || (code >= 3000 && code <= 4999) ? code : 1000;
}
