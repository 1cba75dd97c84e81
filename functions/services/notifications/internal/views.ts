import type { notifications } from '../../../db/schema';
import { encodeCursor } from '../../../domain/cursor';
import type { NotificationType } from '../../../domain/notifications/types';
import type { Reach } from './targets';

export type NotificationRow = typeof notifications.$inferSelect;

/** A notification as the API shows it to its owner. */
export interface NotificationView {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  isRead: boolean;
  campaignId: string | null;
  actorId: string | null;
  videoId: string | null;
  createdAt: string;
  /** Keyset cursor of this row: pass as before= or after=. */
  cursor: string;
  /** Where a click leads (functions/domain/notifications/targets.ts). */
  target: string;
  /** Why the page it is about can no longer be opened (then target is /notifications). */
  note: string | null;
}

export function toNotificationView(row: NotificationRow, { target, note }: Reach): NotificationView {
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    campaignId: row.campaignId,
    actorId: row.actorId,
    videoId: row.videoId,
    createdAt: row.createdAt.toISOString(),
    cursor: encodeCursor(row.createdAt, row.id),
    target,
    note,
  };
}
