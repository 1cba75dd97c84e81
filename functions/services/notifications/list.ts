import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Viewer } from '../../auth/viewer';
import { keyset, keysetOrder } from '../../db/keyset';
import { notifications } from '../../db/schema';
import { cursorParam, decodeCursor } from '../../lib/cursor';
import type { Services } from '../../platform/services';
import { targetsFor } from './targets';
import { type NotificationView, toNotificationView } from './views';

export const listNotificationsQuery = z
  .object({
    unread: z.stringbool().optional(),
    before: cursorParam.optional(),
    after: cursorParam.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !(q.before && q.after), { message: 'Give before or after, not both' });

export type ListNotificationsQuery = z.infer<typeof listNotificationsQuery>;

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
  { db }: Services,
  viewer: Pick<Viewer, 'userId' | 'roles'>,
  q: ListNotificationsQuery,
): Promise<NotificationPage> {
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
    items: page.map((r) => toNotificationView(r, targets.get(r.id) as string)),
    hasMore: rows.length > q.limit,
  };
}
