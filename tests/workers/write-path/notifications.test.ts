import { describe } from 'vitest';
import { markAllNotificationsRead, markNotificationRead } from '../../../functions/services/notifications';
import { asViewer, makeUser } from '../factories';
import { notifyUser } from '../realtime/helpers';
import { scenario } from './harness';

/* A person's read marks: personal bookkeeping, neither audited nor owing anything. */

async function notified() {
  const reader = await makeUser([], 'wpn_reader');
  const stranger = await makeUser([], 'wpn_stranger');
  const id = await notifyUser(reader.id, 'Hello');
  return { reader, stranger, id };
}

describe('write path: notifications', { timeout: 30_000 }, () => {
  scenario('notifications/mark-read#markNotificationRead', {
    setup: notified,
    run: (s, f) => markNotificationRead(s, asViewer(f.reader, ['viewer']), f.id),
    // Someone else's notification: 404.
    refuse: (s, f) => markNotificationRead(s, asViewer(f.stranger, ['viewer']), f.id),
  });

  scenario('notifications/mark-read#markAllNotificationsRead', {
    setup: notified,
    run: (s, f) => markAllNotificationsRead(s, asViewer(f.reader, ['viewer'])),
  });
});
