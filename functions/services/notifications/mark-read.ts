import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { notifications } from '../../db/schema';
import { notFound } from '../../domain/errors';
import type { Deps } from '../../platform/deps';
import { ringQuietly } from '../../realtime/doorbell';

/** Marks one of the viewer's notifications read (idempotent); another user's id is a 404. Other tabs are told. */
export async function markNotificationRead({ db, bell }: Deps, actor: Actor, id: string) {
  const viewer = authorize(actor, 'notification.own');
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, viewer.userId)))
    .returning({ id: notifications.id });
  if (rows.length === 0) throw notFound('Notification not found');
  await ringQuietly(bell, viewer.userId, { kind: 'read', scope: 'notifications', ids: [id] });
  return { id };
}

/** Marks every unread notification of the viewer read; returns how many changed. */
export async function markAllNotificationsRead({ db, bell }: Deps, actor: Actor) {
  const viewer = authorize(actor, 'notification.own');
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, viewer.userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  if (rows.length > 0) await ringQuietly(bell, viewer.userId, { kind: 'read', scope: 'notifications', all: true });
  return { updated: rows.length };
}
