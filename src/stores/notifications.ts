import { atom, computed } from 'nanostores';
import { badgeText } from '../../functions/domain/notifications/bell';
import { CHROME_TEXT } from '../../functions/domain/site/chrome-texts';
import {
  type ChannelEvent,
  CLOSE_SESSION_EXPIRED,
  CLOSE_SIGNED_OUT,
  CLOSE_TOO_MANY_TABS,
  HEARTBEAT_MS,
  PING,
  PONG,
  REALTIME_PATH,
  reconnectDelay,
} from '../../functions/realtime/protocol';
import type { Summary } from '../../functions/services/notifications';
import { api, call } from '../lib/api-client';
import { $session, checkSession } from './session';

/**
 * The bell's state and the user's realtime socket. The database is the truth: a socket event only
 * says "something changed", and the store re-reads the summary. After a reconnect it re-reads too
 * and tells open pages to fetch what they missed after the last item they show ('resync').
 */
export type RealtimeEvent = ChannelEvent | { kind: 'resync' };
export type LiveState = 'off' | 'connecting' | 'open' | 'reconnecting';

export const $summary = atom<Summary | null>(null);
export const $unread = computed($summary, (s) => s?.unread.total ?? 0);
export const $badge = computed($unread, badgeText);
export const $live = atom<LiveState>('off');
/** The latest thing to say to screen-reader users (a polite live region shows it). */
export const $announcement = atom('');

const listeners = new Set<(e: RealtimeEvent) => void>();

/** Subscribe a page to live events; returns the unsubscribe function. */
export function onRealtime(listener: (e: RealtimeEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function emit(e: RealtimeEvent) {
  for (const l of listeners) {
    try {
      l(e);
    } catch (err) {
      console.error('realtime listener failed', err);
    }
  }
}

function announceNew(before: Summary | null, after: Summary) {
  if (!before) return;
  const knownN = new Set(before.notifications.map((n) => n.id));
  const knownM = new Set(before.messages.map((m) => m.id));
  const parts = [
    ...after.notifications.filter((n) => !knownN.has(n.id) && !n.isRead).map((n) => `New notification: ${n.title}`),
    ...after.messages
      .filter((m) => !knownM.has(m.id))
      .map((m) => `New message from ${m.senderUsername ?? CHROME_TEXT.unknownUser}`),
  ];
  if (parts.length) $announcement.set(parts.join('. '));
}

let inflight: Promise<void> | null = null;
let again = false;

/** Re-reads the bell from the API; concurrent calls coalesce into at most one more read. */
export function refreshSummary(): Promise<void> {
  if (inflight) {
    again = true;
    return inflight;
  }
  inflight = (async () => {
    do {
      again = false;
      try {
        const next: Summary = await call(api.notifications.summary.$get());
        announceNew($summary.get(), next);
        $summary.set(next);
      } catch (err) {
        console.error(CHROME_TEXT.failedToLoad, err);
      }
    } while (again);
  })().finally(() => {
    inflight = null;
  });
  return inflight;
}

function patchSummary(change: (s: Summary) => Summary) {
  const s = $summary.get();
  if (s) $summary.set(change(s));
}

/** Marks a notification read (this tab at once; the others through the user's channel). */
export async function markNotificationRead(id: string) {
  patchSummary((s) => {
    const hit = s.notifications.find((n) => n.id === id && !n.isRead);
    const notifications = s.notifications.map((n) => (n.id === id ? { ...n, isRead: true } : n));
    const unreadN = Math.max(0, s.unread.notifications - (hit ? 1 : 0));
    return { ...s, notifications, unread: { ...s.unread, notifications: unreadN, total: unreadN + s.unread.messages } };
  });
  await call(api.notifications[':id'].read.$post({ param: { id } }, { init: { keepalive: true } }));
}

export async function markAllNotificationsRead() {
  patchSummary((s) => ({
    ...s,
    notifications: s.notifications.map((n) => ({ ...n, isRead: true })),
    unread: { ...s.unread, notifications: 0, total: s.unread.messages },
  }));
  await call(api.notifications['read-all'].$post());
}

export async function markMessageRead(id: string) {
  patchSummary((s) => {
    const hit = s.messages.some((m) => m.id === id);
    const unreadM = Math.max(0, s.unread.messages - (hit ? 1 : 0));
    return {
      ...s,
      messages: s.messages.filter((m) => m.id !== id),
      unread: { ...s.unread, messages: unreadM, total: s.unread.notifications + unreadM },
    };
  });
  await call(api.messages[':messageId'].read.$post({ param: { messageId: id } }, { init: { keepalive: true } }));
}

/** Marks an item read, then navigates to its target; navigation happens even if marking fails. */
export async function openItem(target: string, markRead: () => Promise<unknown>) {
  await Promise.race([markRead().catch((err) => console.error(err)), new Promise((r) => setTimeout(r, 1500))]);
  window.location.assign(target);
}

// ---- the socket -------------------------------------------------------------------------------

let socket: WebSocket | null = null;
let started = false;
let everOpened = false;
let attempt = 0;
let heartbeat: ReturnType<typeof setInterval> | undefined;
let retry: ReturnType<typeof setTimeout> | undefined;
let lastPong = 0;

function myId() {
  return $session.get().me?.user.id ?? null;
}

function handle(event: ChannelEvent) {
  const concernsBell =
    event.kind === 'notification' ||
    event.kind === 'read' ||
    (event.kind === 'message' && event.recipientId === myId());
  if (concernsBell) void refreshSummary();
  if (event.kind === 'roles') void checkSession();
  emit(event);
}

function connect() {
  clearTimeout(retry);
  if (!started || socket) return;
  $live.set(everOpened ? 'reconnecting' : 'connecting');
  const url = new URL(REALTIME_PATH, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(url);
  socket = ws;
  ws.addEventListener('open', () => {
    attempt = 0;
    lastPong = Date.now();
    $live.set('open');
    clearInterval(heartbeat);
    heartbeat = setInterval(() => {
      // Two missed pongs: the connection is dead even if the browser has not noticed.
      if (Date.now() - lastPong > 2 * HEARTBEAT_MS + 5000) ws.close(4000, 'heartbeat lost');
      else if (ws.readyState === WebSocket.OPEN) ws.send(PING);
    }, HEARTBEAT_MS);
    // Re-read once the socket listens, so nothing written before it opened is missed; after a gap,
    // pages also fetch what came after the last item they show.
    void refreshSummary();
    if (everOpened) emit({ kind: 'resync' });
    everOpened = true;
  });
  ws.addEventListener('message', (e) => {
    if (e.data === PONG) {
      lastPong = Date.now();
      return;
    }
    try {
      handle(JSON.parse(String(e.data)) as ChannelEvent);
    } catch (err) {
      console.error('bad realtime event', err);
    }
  });
  ws.addEventListener('close', (e) => {
    clearInterval(heartbeat);
    if (socket === ws) socket = null;
    if (!started) return;
    // Sockets unavailable (a proxy, an outage): the bell still loads, and reloads on each retry.
    if (!everOpened) void refreshSummary();
    $live.set('reconnecting');
    if (e.code === CLOSE_SESSION_EXPIRED) attempt = 0;
    // Signed out everywhere (from another tab or device): the session check signs this tab out too.
    if (e.code === CLOSE_SIGNED_OUT) void checkSession();
    // Pushed out by a newer tab past the account's cap (docs/limits.md): the tab waits until it is
    // looked at or focused again (reconnectNow), so open tabs do not push each other out in turn.
    if (e.code === CLOSE_TOO_MANY_TABS) return;
    scheduleReconnect();
  });
}

function scheduleReconnect() {
  const delay = reconnectDelay(attempt++);
  // After a few failures, check whether we are still signed in (a refused upgrade looks the same).
  if (attempt === 3) void checkSession();
  retry = setTimeout(connect, delay);
}

function reconnectNow() {
  if (started && !socket && document.visibilityState === 'visible') {
    attempt = 0;
    connect();
  }
}

/** Opens the socket for the signed-in user (idempotent) and loads the bell. */
export function startRealtime() {
  if (started) return;
  started = true;
  connect();
  document.addEventListener('visibilitychange', reconnectNow);
  window.addEventListener('focus', reconnectNow);
  window.addEventListener('online', reconnectNow);
}

/** Closes the socket and forgets the bell (sign-out). */
export function stopRealtime() {
  started = false;
  everOpened = false;
  clearTimeout(retry);
  clearInterval(heartbeat);
  document.removeEventListener('visibilitychange', reconnectNow);
  window.removeEventListener('focus', reconnectNow);
  window.removeEventListener('online', reconnectNow);
  socket?.close(1000, 'signed out');
  socket = null;
  $live.set('off');
  $summary.set(null);
}
