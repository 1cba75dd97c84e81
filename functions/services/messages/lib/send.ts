import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { creatorMessages } from '../../../db/schema';
import type { UnitOfWork } from '../../../db/unit-of-work';
import { type Doorbell, ringQuietly } from '../../../realtime/doorbell';

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

/** Tells both parties' open tabs (the sender's too, so a thread open elsewhere shows what was sent). */
const ringBoth = (bell: Doorbell, id: string, { senderId, recipientId }: MessageInput) => {
  const event = { kind: 'message', id, senderId, recipientId } as const;
  return [ringQuietly(bell, recipientId, event), ringQuietly(bell, senderId, event)];
};

/**
 * The message writer for a change that causes a message (creator_messages): same batch as its
 * cause, then rings the recipient and the sender once the batch committed.
 */
export function sendMessage(uow: UnitOfWork, bell: Doorbell, input: MessageInput): string {
  const id = crypto.randomUUID();
  const { senderId, recipientId } = input;
  uow.add(uow.db.insert(creatorMessages).values({ id, ...input, createdAt: nextCreatedAt(senderId, recipientId) }));
  uow.afterCommit(() => Promise.all(ringBoth(bell, id, input)));
  return id;
}

/**
 * The message writer for a message on its own, written only while `condition` holds — checked by
 * the same INSERT … SELECT … WHERE statement, so concurrent writers cannot all pass it. Returns the
 * row written, or null (nothing written, nobody rung) when the condition did not hold.
 */
export async function sendMessageIf(db: Db, bell: Doorbell, input: MessageInput, condition: SQL) {
  const id = crypto.randomUUID();
  const { senderId, recipientId, subject, message } = input;
  // Every column of creator_messages, in the table's order (drizzle names them in the INSERT).
  const [row] = await db
    .insert(creatorMessages)
    .select(
      sql`select ${id}, ${senderId}, ${recipientId}, ${subject}, ${message}, 0, ${nextCreatedAt(senderId, recipientId)} where ${condition}`,
    )
    .returning();
  if (!row) return null;
  await Promise.all(ringBoth(bell, id, input));
  return row;
}

/**
 * The message writer for a change whose message is written only if `when` holds as its batch runs
 * (the change's own guard): in the caller's batch, ringing both parties only when it was written.
 */
export function sendMessageWhen(uow: UnitOfWork, bell: Doorbell, input: MessageInput, when: SQL): string {
  const id = crypto.randomUUID();
  const { senderId, recipientId, subject, message } = input;
  const index = uow.size;
  uow.add(
    uow.db
      .insert(creatorMessages)
      .select(
        sql`select ${id}, ${senderId}, ${recipientId}, ${subject}, ${message}, 0, ${nextCreatedAt(senderId, recipientId)} where ${when}`,
      )
      .returning({ id: creatorMessages.id }),
  );
  uow.afterCommit(async (results) => {
    if ((results[index] as unknown[] | undefined)?.length) await Promise.all(ringBoth(bell, id, input));
  });
  return id;
}
