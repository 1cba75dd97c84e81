import { and, asc, count, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { creatorMessages } from '../../../db/schema';
import { MESSAGE_RATE_LIMITS } from '../../../domain/messages/limits';

export interface Blocked {
  retryAfterSeconds: number;
  limit: (typeof MESSAGE_RATE_LIMITS)[number];
}

type Limit = (typeof MESSAGE_RATE_LIMITS)[number];

const sentInWindow = (senderId: string, limit: Limit, now: number) =>
  and(eq(creatorMessages.senderId, senderId), gt(creatorMessages.createdAt, new Date(now - limit.windowMs)));

/**
 * True (in SQL) while `senderId` is under every send limit, counted from the messages they sent (no
 * module memory: the count survives restarts and is shared by every isolate). Meant for the WHERE
 * of the insert itself (sendMessageIf), so the count and the write are one atomic statement.
 */
export function underSendLimits(db: Db, senderId: string, now = Date.now()): SQL {
  const checks = MESSAGE_RATE_LIMITS.map(
    (limit) =>
      sql`(${db
        .select({ n: count() })
        .from(creatorMessages)
        .where(sentInWindow(senderId, limit, now))}) < ${limit.max}`,
  );
  return sql.join(checks, sql` and `);
}

/**
 * Whether `senderId` must wait before sending another message, and how long: the wait until the
 * window frees a slot, or null when a message may be sent now. Says why a send was refused; the
 * refusal itself is underSendLimits in the insert.
 */
export async function messageSendBlocked(db: Db, senderId: string, now = Date.now()): Promise<Blocked | null> {
  let worst: Blocked | null = null;
  for (const limit of MESSAGE_RATE_LIMITS) {
    const inWindow = sentInWindow(senderId, limit, now);
    const [row] = await db.select({ n: count() }).from(creatorMessages).where(inWindow);
    const sent = row?.n ?? 0;
    if (sent < limit.max) continue;
    // The slot frees when the (sent - max + 1)-th oldest message of the window leaves it.
    const freeing = await db
      .select({ at: creatorMessages.createdAt })
      .from(creatorMessages)
      .where(inWindow)
      .orderBy(asc(creatorMessages.createdAt))
      .limit(1)
      .offset(sent - limit.max)
      .get();
    const at = freeing?.at.getTime() ?? now;
    const retryAfterSeconds = Math.max(1, Math.ceil((at + limit.windowMs - now) / 1000));
    if (!worst || retryAfterSeconds > worst.retryAfterSeconds) worst = { retryAfterSeconds, limit };
  }
  return worst;
}
