import { sql } from 'drizzle-orm';
import { notifications } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { NotificationType } from '../../lib/notification-types';
import type { Doorbell } from '../../realtime/doorbell';

export interface NotificationInput {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  campaignId?: string | null;
  actorId?: string | null;
  videoId?: string | null;
}

/**
 * created_at for a user's new notification: now, but always after that user's newest one. Writes
 * are serialized, so per user the order of created_at is the order of commits, and a client that
 * asks for what came "after" the last row it saw gets exactly what it missed.
 */
const nextCreatedAt = (userId: string) =>
  sql`max(cast(round(unixepoch('subsec') * 1000) as integer), coalesce((select max(n.created_at) from notifications n where n.user_id = ${userId}), 0) + 1)`;

/**
 * The one notification writer: adds the row to the caller's unit of work, so it is written in the
 * same batch as the change that caused it (or not at all), and rings the user once it is written.
 */
export function notify(uow: UnitOfWork, bell: Doorbell, input: NotificationInput): string {
  const id = crypto.randomUUID();
  uow.add(uow.db.insert(notifications).values({ id, ...input, createdAt: nextCreatedAt(input.userId) }));
  uow.afterCommit(() => bell.ring(input.userId, { kind: 'notification', id }));
  return id;
}
