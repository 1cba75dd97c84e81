import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Viewer } from '../../auth/viewer';
import { user } from '../../db/schema';
import { ApiError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { Services } from '../../platform/services';
import { MESSAGE_MAX, MESSAGE_RATE_LIMITS, SUBJECT_MAX } from './limits';
import { mayWrite } from './may-write';
import { messageSendBlocked, underSendLimits } from './rate-limit';
import { sendMessageIf } from './send';
import { type MessageView, toMessageView } from './views';

export const postMessageInput = z
  .object({
    subject: z.string().trim().max(SUBJECT_MAX, `The subject can be at most ${SUBJECT_MAX} characters`).default(''),
    message: z
      .string()
      .trim()
      .min(1, 'Write a message')
      .max(MESSAGE_MAX, `A message can be at most ${MESSAGE_MAX} characters`),
  })
  .strict();

export type PostMessageInput = z.infer<typeof postMessageInput>;

export const NOT_ALLOWED_TO_WRITE = 'You can only reply to people who have written to you';

export class RateLimitedError extends ApiError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', message);
  }
}

/** Sends a message from the viewer to `recipientId`: who may write, then one write conditional on the send rate. */
export async function postMessage(
  ctx: Services,
  viewer: Pick<Viewer, 'userId' | 'roles'>,
  recipientId: string,
  input: PostMessageInput,
): Promise<MessageView> {
  const { db, bell } = ctx;
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
