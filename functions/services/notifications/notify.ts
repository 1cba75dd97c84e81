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
 * The one notification writer: adds the row to the caller's unit of work, so it is written in the
 * same batch as the change that caused it (or not at all), and rings the user once it is written.
 */
export function notify(uow: UnitOfWork, bell: Doorbell, input: NotificationInput): string {
  const id = crypto.randomUUID();
  uow.add(uow.db.insert(notifications).values({ id, ...input }));
  uow.afterCommit(() => bell.ring(input.userId, { kind: 'notification', id }));
  return id;
}
