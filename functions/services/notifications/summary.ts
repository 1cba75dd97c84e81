import { and, count, desc, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { creatorMessages, notifications, profiles } from '../../db/schema';
import { encodeCursor } from '../../domain/cursor';
import { POPOVER_MESSAGES, POPOVER_NOTIFICATIONS, previewText } from '../../domain/notifications/bell';
import { messageTarget } from '../../domain/notifications/targets';
import type { Deps } from '../../platform/deps';
import { type Reach, targetsFor } from './internal/targets';
import { type NotificationView, toNotificationView } from './internal/views';

export interface PopoverMessage {
  id: string;
  senderId: string;
  /** null when the sender has no profile: the client shows 'Unknown User'. */
  senderUsername: string | null;
  subject: string;
  /** The message cut at 80 characters. */
  preview: string;
  createdAt: string;
  cursor: string;
  target: string;
}

export interface Summary {
  notifications: Array<NotificationView & { preview: string }>;
  messages: PopoverMessage[];
  unread: { notifications: number; messages: number; total: number };
}

/** What the bell shows: the 5 latest notifications, the 5 latest unread messages, unread counts. */
export async function notificationSummary({ db }: Deps, actor: Actor): Promise<Summary> {
  const viewer = authorize(actor, 'notification.own');
  const me = viewer.userId;
  const [latest, unreadMessages, [unreadN], [unreadM]] = await db.batch([
    db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, me))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(POPOVER_NOTIFICATIONS),
    db
      .select({
        id: creatorMessages.id,
        senderId: creatorMessages.senderId,
        senderUsername: profiles.username,
        subject: creatorMessages.subject,
        message: creatorMessages.message,
        createdAt: creatorMessages.createdAt,
      })
      .from(creatorMessages)
      .leftJoin(profiles, eq(profiles.userId, creatorMessages.senderId))
      .where(and(eq(creatorMessages.recipientId, me), eq(creatorMessages.isRead, false)))
      .orderBy(desc(creatorMessages.createdAt), desc(creatorMessages.id))
      .limit(POPOVER_MESSAGES),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, me), eq(notifications.isRead, false))),
    db
      .select({ n: count() })
      .from(creatorMessages)
      .where(and(eq(creatorMessages.recipientId, me), eq(creatorMessages.isRead, false))),
  ]);
  const targets = await targetsFor(db, viewer, latest);
  const n = unreadN?.n ?? 0;
  const m = unreadM?.n ?? 0;
  return {
    notifications: latest.map((r) => ({
      ...toNotificationView(r, targets.get(r.id) as Reach),
      preview: previewText(r.message),
    })),
    messages: unreadMessages.map((r) => ({
      id: r.id,
      senderId: r.senderId,
      senderUsername: r.senderUsername ?? null,
      subject: r.subject,
      preview: previewText(r.message),
      createdAt: r.createdAt.toISOString(),
      cursor: encodeCursor(r.createdAt, r.id),
      target: messageTarget(r.senderId),
    })),
    unread: { notifications: n, messages: m, total: n + m },
  };
}
