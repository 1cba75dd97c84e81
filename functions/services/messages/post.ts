import { eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { user } from '../../db/schema';
import { badRequest, forbidden, notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { NOT_ALLOWED_TO_WRITE, type PostMessageInput, postMessageInput } from '../../domain/messages/input';
import { MESSAGE_RATE_LIMITS } from '../../domain/messages/limits';
import type { Deps } from '../../platform/deps';
import { messageSendBlocked, underSendLimits } from './internal/rate-limit';
import { type MessageView, toMessageView } from './internal/views';
import { RateLimitedError } from './lib/errors';
import { mayWrite } from './lib/may-write';
import { sendMessageIf } from './lib/send';

/** Sends a message from the viewer to `recipientId`: who may write, then one write conditional on the send rate. */
export async function postMessage(
  deps: Deps,
  actor: Actor,
  recipientId: string,
  input: PostMessageInput,
): Promise<MessageView> {
  const viewer = authorize(actor, 'message.send');
  input = parseInput(postMessageInput, input);
  const { db, bell } = deps;
  if (recipientId === viewer.userId) throw badRequest('You cannot send a message to yourself');
  const recipient = await db.select({ id: user.id }).from(user).where(eq(user.id, recipientId)).get();
  if (!recipient) throw notFound('User not found');
  if (!(await mayWrite(db, viewer, recipientId))) throw forbidden(NOT_ALLOWED_TO_WRITE);
  const now = Date.now();
  const row = await sendMessageIf(
    db,
    bell,
    { senderId: viewer.userId, recipientId, ...input },
    underSendLimits(db, viewer.userId, now),
  );
  if (!row) {
    // Refused by the count in the insert: the same count at the same instant says which limit and how long.
    const blocked = (await messageSendBlocked(db, viewer.userId, now)) ?? {
      limit: MESSAGE_RATE_LIMITS[0],
      retryAfterSeconds: 1,
    };
    const { max, label } = blocked.limit;
    throw new RateLimitedError(
      `You can send at most ${max} messages per ${label}. Please try again in ${blocked.retryAfterSeconds} seconds.`,
      blocked.retryAfterSeconds,
    );
  }
  return toMessageView(row);
}
