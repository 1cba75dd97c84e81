import { desc, eq, or, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { creatorMessages, profiles } from '../../db/schema';
import { previewText } from '../../domain/notifications/bell';
import type { Deps } from '../../platform/deps';

/** How many conversations /messages lists (the most recent ones). */
const CONVERSATIONS_MAX = 100;

export interface Conversation {
  otherId: string;
  /** null when the other person has no profile: the client shows 'Unknown User'. */
  otherUsername: string | null;
  lastMessage: {
    id: string;
    fromMe: boolean;
    subject: string;
    preview: string;
    createdAt: string;
  };
  /** Messages from the other person the viewer has not read. */
  unread: number;
}

/** The viewer's conversations grouped by the other person, most recent first. */
export async function listConversations({ db }: Deps, actor: Actor): Promise<Conversation[]> {
  const viewer = authorize(actor, 'message.read-own');
  const me = viewer.userId;
  const m = creatorMessages;
  const other = sql<string>`case when ${m.senderId} = ${me} then ${m.recipientId} else ${m.senderId} end`;
  const ranked = db.$with('ranked').as(
    db
      .select({
        id: m.id,
        senderId: m.senderId,
        subject: m.subject,
        message: m.message,
        createdAt: m.createdAt,
        otherId: other.as('other_id'),
        rank: sql<number>`row_number() over (partition by ${other} order by ${m.createdAt} desc, ${m.id} desc)`.as(
          'rank',
        ),
        unread:
          sql<number>`sum(case when ${m.recipientId} = ${me} and ${m.isRead} = 0 then 1 else 0 end) over (partition by ${other})`.as(
            'unread',
          ),
      })
      .from(m)
      .where(or(eq(m.senderId, me), eq(m.recipientId, me))),
  );
  const rows = await db
    .with(ranked)
    .select({
      id: ranked.id,
      senderId: ranked.senderId,
      subject: ranked.subject,
      message: ranked.message,
      createdAt: ranked.createdAt,
      otherId: ranked.otherId,
      unread: ranked.unread,
      otherUsername: profiles.username,
    })
    .from(ranked)
    .leftJoin(profiles, eq(profiles.userId, ranked.otherId))
    .where(eq(ranked.rank, 1))
    .orderBy(desc(ranked.createdAt), desc(ranked.id))
    .limit(CONVERSATIONS_MAX);
  return rows.map((r) => ({
    otherId: r.otherId,
    otherUsername: r.otherUsername ?? null,
    lastMessage: {
      id: r.id,
      fromMe: r.senderId === me,
      subject: r.subject,
      preview: previewText(r.message),
      createdAt: new Date(r.createdAt).toISOString(),
    },
    unread: Number(r.unread),
  }));
}
