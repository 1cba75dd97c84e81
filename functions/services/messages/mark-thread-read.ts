import { and, eq, lt, lte, or, type SQL } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { creatorMessages, user } from '../../db/schema';
import { decodeCursor } from '../../domain/cursor';
import { notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { type MarkThreadReadInput, markThreadReadInput } from '../../domain/messages/input';
import type { Deps } from '../../platform/deps';
import { ringQuietly } from '../../realtime/doorbell';

/**
 * Marks what the viewer received from `otherId` read (through the given message), as a screen does
 * once it showed the conversation; the viewer's other tabs and the bell are told. Idempotent.
 */
export async function markThreadRead(
  { db, bell }: Deps,
  actor: Actor,
  otherId: string,
  input: MarkThreadReadInput,
): Promise<{ read: number }> {
  const viewer = authorize(actor, 'message.read-own');
  input = parseInput(markThreadReadInput, input);
  const me = viewer.userId;
  if (otherId === me) throw notFound('Conversation not found');
  const other = await db.select({ id: user.id }).from(user).where(eq(user.id, otherId)).get();
  if (!other) throw notFound('Conversation not found');

  const m = creatorMessages;
  const where: SQL[] = [eq(m.recipientId, me), eq(m.isRead, false), eq(m.senderId, otherId)];
  const through = input.through ? decodeCursor(input.through) : null;
  if (through) {
    // At or before the cursor: (created_at, id) <= (at, id).
    const at = new Date(through.at);
    where.push(or(lt(m.createdAt, at), and(eq(m.createdAt, at), lte(m.id, through.id))) as SQL);
  }
  const read = await db
    .update(m)
    .set({ isRead: true })
    .where(and(...where))
    .returning({ id: m.id });
  if (read.length > 0) {
    await ringQuietly(bell, me, { kind: 'read', scope: 'messages', ids: read.map((r) => r.id) });
  }
  return { read: read.length };
}
