import { getDb } from '../../../functions/db/client';
import { UnitOfWork } from '../../../functions/db/unit-of-work';
import type { NotificationType } from '../../../functions/domain/notifications/types';
import { systemClock } from '../../../functions/platform/clock';
import { durableObjectDoorbell } from '../../../functions/realtime/doorbell';
import type { ChannelEvent } from '../../../functions/realtime/protocol';
import { notify } from '../../../functions/services/notifications';
import { owesNone } from '../../support/owes-none';
import { jsonInit, ORIGIN } from '../factories';
import { call, env } from '../worker-call';

export interface Socket {
  ws: WebSocket;
  events: ChannelEvent[];
  /** Resolves with the first event (already received or still to come) that matches. */
  waitFor(match: (e: ChannelEvent) => boolean): Promise<ChannelEvent>;
}

/** Opens the realtime socket as a browser tab of the cookie's user would. */
export async function connect(cookie: string, path = '/api/realtime'): Promise<Socket> {
  const res = await call(path, { headers: { Upgrade: 'websocket', cookie, origin: ORIGIN } });
  if (res.status !== 101 || !res.webSocket) throw new Error(`upgrade refused: ${res.status} ${await res.text()}`);
  const ws = res.webSocket;
  ws.accept();
  const events: ChannelEvent[] = [];
  const waiters: Array<{ match: (e: ChannelEvent) => boolean; resolve: (e: ChannelEvent) => void }> = [];
  ws.addEventListener('message', (e) => {
    if (e.data === 'pong') return;
    const event = JSON.parse(String(e.data)) as ChannelEvent;
    events.push(event);
    for (const w of [...waiters]) {
      if (w.match(event)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
    }
  });
  return {
    ws,
    events,
    waitFor(match) {
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ match, resolve }));
    },
  };
}

/** Writes a notification through the one writer (notify), as a feature's service would. */
export async function notifyUser(userId: string, title = 'Hello', type: NotificationType = 'info', extra = {}) {
  const [id] = await notifyTogether(userId, [title], type, extra);
  return id as string;
}

/** Several notifications for one user in one batch (one change notifying several times). */
export async function notifyTogether(userId: string, titles: string[], type: NotificationType = 'info', extra = {}) {
  const uow = new UnitOfWork({ db: getDb(env), clock: systemClock, followUps: owesNone }, null);
  const bell = durableObjectDoorbell(env.USER_CHANNEL);
  const ids = titles.map((title) => notify(uow, bell, { userId, type, title, message: `${title} message`, ...extra }));
  await uow.commit();
  return ids;
}

export async function sendApi(cookie: string, toUserId: string, message: string, subject = 'Hello') {
  return call(`/api/messages/${toUserId}`, jsonInit('POST', { subject, message }, cookie));
}

export async function getJson<T>(path: string, cookie: string): Promise<T> {
  const res = await call(path, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return res.json<T>();
}

export const channelOf = (userId: string) => env.USER_CHANNEL.get(env.USER_CHANNEL.idFromName(userId));
