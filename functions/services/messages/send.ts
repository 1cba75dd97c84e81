import { sql } from 'drizzle-orm';
import { creatorMessages } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { Doorbell } from '../../realtime/doorbell';

export interface MessageInput {
  senderId: string;
  recipientId: string;
  subject: string;
  message: string;
}

/** The newest created_at among messages a user sent or received; each branch is one index seek. */
const newestOf = (userId: string) => sql`max(
    coalesce((select max(m.created_at) from creator_messages m where m.sender_id = ${userId}), 0),
    coalesce((select max(m.created_at) from creator_messages m where m.recipient_id = ${userId} and m.is_read = 0), 0),
    coalesce((select max(m.created_at) from creator_messages m where m.recipient_id = ${userId} and m.is_read = 1), 0))`;

/**
 * created_at for a new message: now, but after every message either person sent or received, so
 * each user's messages (both directions) are ordered by commit and "after the last one seen" is exact.
 */
const nextCreatedAt = (a: string, b: string) =>
  sql`max(cast(round(unixepoch('subsec') * 1000) as integer), max(${newestOf(a)}, ${newestOf(b)}) + 1)`;

/**
 * The one message writer (creator_messages): same batch as its cause, then rings the recipient
 * (and the sender's other tabs, so a thread open elsewhere shows what was sent).
 */
export function sendMessage(uow: UnitOfWork, bell: Doorbell, input: MessageInput): string {
  const id = crypto.randomUUID();
  const { senderId, recipientId } = input;
  uow.add(uow.db.insert(creatorMessages).values({ id, ...input, createdAt: nextCreatedAt(senderId, recipientId) }));
  const event = { kind: 'message', id, senderId, recipientId } as const;
  uow.afterCommit(() => bell.ring(recipientId, event));
  uow.afterCommit(() => bell.ring(senderId, event));
  return id;
}
