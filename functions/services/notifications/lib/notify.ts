import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { notifications } from '../../../db/schema';
import type { UnitOfWork } from '../../../db/unit-of-work';
import type { NotificationTopic, NotificationType } from '../../../domain/notifications/types';
import type { Doorbell } from '../../../realtime/doorbell';

export interface NotificationInput {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  campaignId?: string | null;
  actorId?: string | null;
  videoId?: string | null;
  /**
   * 'payout': the reader's own payout; 'application': their creator application; 'wallet': a coin waits for their
   * wallet; 'collaboration': a marketplace request or collaboration of theirs (functions/domain/notifications/targets.ts).
   */
  topic?: NotificationTopic | null;
}

/**
 * created_at for a user's new notification: now, but always after that user's newest one. Writes
 * are serialized, so per user the order of created_at is the order of commits, and a client that
 * asks for what came "after" the last row it saw gets exactly what it missed.
 */
export const nextCreatedAt = (userId: string) =>
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

/**
 * The insert of a notification written only when `when` holds as its batch runs (e.g. a ledger
 * group or a milestone row this batch wrote), for a batch the caller assembles; it returns the
 * row's id when written. With `id`, a notice is written at most once however often it is tried.
 */
export function notificationWhen(db: Db, input: NotificationInput, when: SQL, id: string = crypto.randomUUID()) {
  const statement = db
    .insert(notifications)
    .select((qb) =>
      qb
        .select({
          id: sql<string>`${id}`.as('id'),
          userId: sql<string>`${input.userId}`.as('user_id'),
          type: sql<NotificationInput['type']>`${input.type}`.as('type'),
          title: sql<string>`${input.title}`.as('title'),
          message: sql<string>`${input.message}`.as('message'),
          isRead: sql<boolean>`0`.as('is_read'),
          campaignId: sql<string | null>`${input.campaignId ?? null}`.as('campaign_id'),
          actorId: sql<string | null>`${input.actorId ?? null}`.as('actor_id'),
          videoId: sql<string | null>`${input.videoId ?? null}`.as('video_id'),
          topic: sql<NotificationTopic | null>`${input.topic ?? null}`.as('topic'),
          backerKeys: sql<null>`null`.as('backer_keys'),
          amountCents: sql<null>`null`.as('amount_cents'),
          createdAt: sql<Date>`${nextCreatedAt(input.userId)}`.as('created_at'),
        })
        .from(sql`(select 1)`)
        .where(when),
    )
    .onConflictDoNothing({ target: notifications.id })
    .returning({ id: notifications.id });
  return { id, statement };
}

/** notify under a condition (notificationWhen): the user's tabs are rung only if the row was written. */
export function notifyWhen(uow: UnitOfWork, bell: Doorbell, input: NotificationInput, when: SQL, id?: string): string {
  const note = notificationWhen(uow.db, input, when, id);
  const index = uow.size;
  uow.add(note.statement);
  uow.afterCommit(async (results) => {
    if ((results[index] as unknown[] | undefined)?.length)
      await bell.ring(input.userId, { kind: 'notification', id: note.id });
  });
  return note.id;
}

/** A fixed notification id for a notice that must be written once (the same key, the same id). */
export async function onceId(key: string): Promise<string> {
  const hex = [...new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)))]
    .slice(0, 16)
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
