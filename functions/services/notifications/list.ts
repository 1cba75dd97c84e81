import { and, eq, type SQL } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { keyset, keysetOrder } from '../../db/keyset';
import { notifications } from '../../db/schema';
import { decodeCursor } from '../../domain/cursor';
import { parseInput } from '../../domain/input';
import { type ListNotificationsQuery, listNotificationsQuery } from '../../domain/notifications/input';
import type { Deps } from '../../platform/deps';
import { type Reach, targetsFor } from './internal/targets';
import { type NotificationView, toNotificationView } from './internal/views';

export interface NotificationPage {
  items: NotificationView[];
  /** More rows exist in the same direction: continue with the last item's cursor. */
  hasMore: boolean;
}

/**
 * The viewer's notifications. Without a cursor or with `before`: newest first (paging back).
 * With `after`: the rows written after that cursor, oldest first — what a reconnecting tab missed.
 */
export async function listNotifications(
  { db }: Deps,
  actor: Actor,
  q: ListNotificationsQuery,
): Promise<NotificationPage> {
  const viewer = authorize(actor, 'notification.own');
  q = parseInput(listNotificationsQuery, q);
  const direction = q.after ? 'after' : 'before';
  const raw = q.after ?? q.before;
  const cursor = raw ? decodeCursor(raw) : null;
  const where: SQL[] = [eq(notifications.userId, viewer.userId)];
  if (q.unread) where.push(eq(notifications.isRead, false));
  if (cursor) where.push(keyset(notifications.createdAt, notifications.id, cursor, direction));
  const rows = await db
    .select()
    .from(notifications)
    .where(and(...where))
    .orderBy(...keysetOrder(notifications.createdAt, notifications.id, direction))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const targets = await targetsFor(db, viewer, page);
  return {
    items: page.map((r) => toNotificationView(r, targets.get(r.id) as Reach)),
    hasMore: rows.length > q.limit,
  };
}

export type { NotificationView } from './internal/views';
