import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Viewer } from '../../auth/viewer';
import { creatorMessages, user } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { ApiError, badRequest, forbidden, notFound } from '../../lib/errors';
import type { ServiceContext } from '../context';
import { MESSAGE_MAX, SUBJECT_MAX } from './limits';
import { mayWrite } from './may-write';
import { messageSendBlocked } from './rate-limit';
import { sendMessage } from './send';
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

/** Sends a message from the viewer to `recipientId`: who may write, then the send rate, then one write. */
export async function postMessage(
  ctx: ServiceContext,
  viewer: Pick<Viewer, 'userId' | 'roles'>,
  recipientId: string,
  input: PostMessageInput,
): Promise<MessageView> {
  const { db, bell } = ctx;
  if (recipientId === viewer.userId) throw badRequest('You cannot send a message to yourself');
  const recipient = await db.select({ id: user.id }).from(user).where(eq(user.id, recipientId)).get();
  if (!recipient) throw notFound('User not found');
  if (!(await mayWrite(db, viewer, recipientId))) throw forbidden(NOT_ALLOWED_TO_WRITE);
  const blocked = await messageSendBlocked(db, viewer.userId);
  if (blocked) {
    const { max, label } = blocked.limit;
    throw new RateLimitedError(
      `You can send at most ${max} messages per ${label}. Please try again in ${blocked.retryAfterSeconds} seconds.`,
      blocked.retryAfterSeconds,
    );
  }
  const uow = new UnitOfWork(db);
  const id = sendMessage(uow, bell, { senderId: viewer.userId, recipientId, ...input });
  await uow.commit();
  const row = await db.select().from(creatorMessages).where(eq(creatorMessages.id, id)).get();
  if (!row) throw new ApiError('internal', 'The message was not saved');
  return toMessageView(row);
}
