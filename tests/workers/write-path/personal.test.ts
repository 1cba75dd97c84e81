import { and, desc, eq } from 'drizzle-orm';
import { beforeAll, describe } from 'vitest';
import type { Viewer } from '../../../functions/auth/viewer';
import { notifications } from '../../../functions/db/schema';
import { signOutEverywhere } from '../../../functions/services/accounts/sign-out-everywhere';
import { markMessageRead } from '../../../functions/services/messages/mark-read';
import { markThreadRead } from '../../../functions/services/messages/mark-thread-read';
import { postMessage } from '../../../functions/services/messages/post';
import { addToMyList } from '../../../functions/services/my-list/add';
import { removeFromMyList } from '../../../functions/services/my-list/remove';
import { markAllNotificationsRead, markNotificationRead } from '../../../functions/services/notifications/mark-read';
import { createShortLink } from '../../../functions/services/short-links/create';
import { unlockGate } from '../../../functions/services/site-settings/gate';
import { updateSiteSettings } from '../../../functions/services/site-settings/update';
import { saveProgress } from '../../../functions/services/watch/progress';
import { recordView } from '../../../functions/services/watch/view';
import { asViewer, jsonInit, makeUser, type TestUser } from '../factories';
import { type FilmView, makeFilm } from '../films-support';
import { db } from '../stripe-support';
import { call, testServices } from '../worker-call';
import { scenario } from './harness';

/**
 * A person's own bookkeeping — messages, read marks, their list, watch progress and views, short
 * links, the gate's passcode, signing out: no audit row and nothing owed, however it is called.
 */
let admin: TestUser;
let creator: TestUser;
let film: FilmView;
const PASSCODE = 'open-sesame-9';
const viewerOf = (u: TestUser): Viewer => asViewer(u, ['viewer']);
const as = { admin: (): Viewer => asViewer(admin, ['viewer', 'admin']) };

beforeAll(async () => {
  [admin, creator] = await Promise.all([makeUser(['admin'], 'admin'), makeUser(['contributor'], 'creator')]);
  // An admin's film is in the catalogue at once: something to list and watch.
  film = await makeFilm(admin);
  // A passcode to unlock with; the gate itself stays off for the other scenarios.
  await updateSiteSettings(testServices(), as.admin(), { comingSoonEnabled: false, passcode: PASSCODE });
});

/** A person who was written to by the admin: the message's id. */
async function written() {
  const reader = await makeUser([], 'reader');
  const res = await call(`/api/messages/${reader.id}`, jsonInit('POST', { message: 'Hello there' }, admin.cookie));
  const { message } = (await res.json()) as { message: { id: string } };
  return { reader, messageId: message.id };
}

/** An admin with an unread notification (a creator's film waiting for review). */
async function notified() {
  const reviewer = await makeUser(['admin'], 'reviewer');
  await makeFilm(creator);
  const row = await db()
    .select({ id: notifications.id })
    .from(notifications)
    .where(and(eq(notifications.userId, reviewer.id), eq(notifications.isRead, false)))
    .orderBy(desc(notifications.createdAt))
    .get();
  return { reviewer, id: row?.id ?? '' };
}

describe('messages and read marks', () => {
  scenario('messages/post#postMessage', {
    setup: () => makeUser([], 'recipient'),
    run: (s, to) => postMessage(s, as.admin(), to.id, { subject: '', message: 'Hello' }),
    route: (to) => call(`/api/messages/${to.id}`, jsonInit('POST', { message: 'Hello' }, admin.cookie)),
    refuse: (s, to) => postMessage(s, null, to.id, { subject: '', message: 'Hello' }),
  });
  scenario('messages/mark-read#markMessageRead', {
    setup: written,
    run: (s, f) => markMessageRead(s, viewerOf(f.reader), f.messageId),
    route: (f) => call(`/api/messages/${f.messageId}/read`, jsonInit('POST', {}, f.reader.cookie)),
    refuse: (s, f) => markMessageRead(s, null, f.messageId),
  });
  scenario('messages/mark-thread-read#markThreadRead', {
    setup: written,
    run: (s, f) => markThreadRead(s, viewerOf(f.reader), admin.id, {}),
    route: (f) => call(`/api/messages/${admin.id}/read-all`, jsonInit('POST', {}, f.reader.cookie)),
    refuse: (s) => markThreadRead(s, null, admin.id, {}),
  });
  scenario('notifications/mark-read#markNotificationRead', {
    setup: notified,
    run: (s, f) => markNotificationRead(s, asViewer(f.reviewer, ['viewer', 'admin']), f.id),
    route: (f) => call(`/api/notifications/${f.id}/read`, jsonInit('POST', {}, f.reviewer.cookie)),
    refuse: (s, f) => markNotificationRead(s, null, f.id),
  });
  scenario('notifications/mark-read#markAllNotificationsRead', {
    setup: notified,
    run: (s, f) => markAllNotificationsRead(s, asViewer(f.reviewer, ['viewer', 'admin'])),
    route: (f) => call('/api/notifications/read-all', jsonInit('POST', {}, f.reviewer.cookie)),
    refuse: (s) => markAllNotificationsRead(s, null),
  });
});

describe('my list and watching', () => {
  scenario('my-list/add#addToMyList', {
    setup: () => makeUser([], 'lister'),
    run: (s, u) => addToMyList(s, viewerOf(u), film.id),
    route: (u) => call(`/api/my-list/${film.id}`, jsonInit('PUT', undefined, u.cookie)),
    refuse: (s) => addToMyList(s, null, film.id),
  });
  scenario('my-list/remove#removeFromMyList', {
    setup: async () => {
      const u = await makeUser([], 'lister');
      await call(`/api/my-list/${film.id}`, jsonInit('PUT', undefined, u.cookie));
      return u;
    },
    run: (s, u) => removeFromMyList(s, viewerOf(u), film.id),
    route: (u) => call(`/api/my-list/${film.id}`, jsonInit('DELETE', undefined, u.cookie)),
    refuse: (s) => removeFromMyList(s, null, film.id),
  });
  scenario('watch/progress#saveProgress', {
    setup: () => makeUser([], 'watcher'),
    run: (s, u) => saveProgress(s, viewerOf(u), film.id, { positionSeconds: 42, durationSeconds: 5400 }),
    route: (u) => call(`/api/watch/${film.id}`, jsonInit('PUT', { positionSeconds: 43 }, u.cookie)),
    refuse: (s) => saveProgress(s, null, film.id, { positionSeconds: 42 }),
  });
  scenario('watch/view#recordView', {
    setup: () => makeUser([], 'watcher'),
    run: (s, u) => recordView(s, viewerOf(u), film.id),
    route: (u) => call(`/api/watch/${film.id}/view`, jsonInit('POST', {}, u.cookie)),
    refuse: (s) => recordView(s, null, film.id),
  });
});

describe('links, the gate and signing out', () => {
  scenario('short-links/create#createShortLink', {
    setup: () => makeUser([], 'linker'),
    run: (s, u) => createShortLink(s, viewerOf(u), { path: '/faq' }),
    route: (u) => call('/api/short-links', jsonInit('POST', { path: '/faq' }, u.cookie)),
    refuse: (s) => createShortLink(s, null, { path: '/faq' }),
  });
  scenario('site-settings/gate#unlockGate', {
    setup: async () => ({}),
    run: (s) => unlockGate(s, null, PASSCODE, null),
    route: () => call('/api/gate/unlock', jsonInit('POST', { passcode: PASSCODE })),
    // A wrong passcode: a bare 403.
    refuse: (s) => unlockGate(s, null, 'not-the-passcode', null),
  });
  scenario('accounts/sign-out-everywhere#signOutEverywhere', {
    setup: () => makeUser([], 'leaver'),
    run: (s, u) => signOutEverywhere(s, viewerOf(u), new Headers({ cookie: u.cookie })),
    route: (u) => call('/api/account/sign-out', jsonInit('POST', {}, u.cookie)),
    refuse: (s, u) => signOutEverywhere(s, null, new Headers({ cookie: u.cookie })),
  });
});
