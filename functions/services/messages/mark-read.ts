import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { creatorMessages } from '../../db/schema';
import { notFound } from '../../domain/errors';
import type { Deps } from '../../platform/deps';
import { ringQuietly } from '../../realtime/doorbell';

/** Marks one message the viewer received read (idempotent); any other id is a 404. Other tabs are told. */
export async function markMessageRead({ db, bell }: Deps, actor: Actor, id: string) {
  const viewer = authorize(actor, 'message.read-own');
  const rows = await db
    .update(creatorMessages)
    .set({ isRead: true })
    .where(and(eq(creatorMessages.id, id), eq(creatorMessages.recipientId, viewer.userId)))
    .returning({ id: creatorMessages.id });
  if (rows.length === 0) throw notFound('Message not found');
  await ringQuietly(bell, viewer.userId, { kind: 'read', scope: 'messages', ids: [id] });
  return { id };
}
