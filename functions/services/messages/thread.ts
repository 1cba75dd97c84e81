import { and, eq, or, type SQL } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { keyset, keysetOrder } from '../../db/keyset';
import { creatorMessages, profiles, user } from '../../db/schema';
import { decodeCursor } from '../../domain/cursor';
import { notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { type ThreadQuery, threadQuery } from '../../domain/messages/input';
import type { Deps } from '../../platform/deps';
import { type MessageView, toMessageView } from './internal/views';
import { mayWrite } from './lib/may-write';

export interface Thread {
  other: { id: string; username: string | null };
  /** Oldest first. `isRead` says what the viewer has not marked read yet, so a screen can mark what is new. */
  items: MessageView[];
  /** More messages exist beyond this page: older ones (first page, before=) or newer ones (after=). */
  hasMore: boolean;
  /** Whether the viewer may write to the other person (services/messages/may-write.ts). */
  canWrite: boolean;
}

/**
 * The conversation between the viewer and `otherId` — only messages one of them sent to the other.
 * Reading changes nothing: a screen marks what it showed read with markThreadRead (mark-thread-read.ts).
 * Without a cursor: the latest page; `before`: older; `after`: what came after the last message seen.
 */
export async function readThread({ db }: Deps, actor: Actor, otherId: string, q: ThreadQuery): Promise<Thread> {
  const viewer = authorize(actor, 'message.read-own');
  q = parseInput(threadQuery, q);
  const me = viewer.userId;
  if (otherId === me) throw notFound('Conversation not found');
  const other = await db
    .select({ id: user.id, username: profiles.username })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.id, otherId))
    .get();
  if (!other) throw notFound('Conversation not found');

  const m = creatorMessages;
  const direction = q.after ? 'after' : 'before';
  const raw = q.after ?? q.before;
  const cursor = raw ? decodeCursor(raw) : null;
  const where: SQL[] = [
    or(and(eq(m.senderId, me), eq(m.recipientId, otherId)), and(eq(m.senderId, otherId), eq(m.recipientId, me))) as SQL,
  ];
  if (cursor) where.push(keyset(m.createdAt, m.id, cursor, direction));
  const rows = await db
    .select()
    .from(m)
    .where(and(...where))
    .orderBy(...keysetOrder(m.createdAt, m.id, direction))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  if (direction === 'before') page.reverse();

  return {
    other: { id: other.id, username: other.username ?? null },
    items: page.map(toMessageView),
    hasMore: rows.length > q.limit,
    canWrite: await mayWrite(db, viewer, otherId),
  };
}

export type { MessageView } from './internal/views';
