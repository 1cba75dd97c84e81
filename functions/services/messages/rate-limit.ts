import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { creatorMessages } from '../../db/schema';
import { MESSAGE_RATE_LIMITS } from './limits';

export interface Blocked {
  retryAfterSeconds: number;
  limit: (typeof MESSAGE_RATE_LIMITS)[number];
}

/**
 * Whether `senderId` must wait before sending another message, counted from the messages they sent
 * (no module memory: the count survives restarts and is shared by every isolate). Returns the wait
 * until the window frees a slot, or null when a message may be sent now.
 */
export async function messageSendBlocked(db: Db, senderId: string, now = Date.now()): Promise<Blocked | null> {
  let worst: Blocked | null = null;
  for (const limit of MESSAGE_RATE_LIMITS) {
    const since = new Date(now - limit.windowMs);
    const inWindow = and(eq(creatorMessages.senderId, senderId), gt(creatorMessages.createdAt, since));
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
