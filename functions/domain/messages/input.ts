import { z } from 'zod';
import { cursorParam } from '../cursor';
import { MESSAGE_MAX, SUBJECT_MAX } from './limits';

/** What the message routes accept and answer besides the views. */

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

export const threadQuery = z
  .object({
    before: cursorParam.optional(),
    after: cursorParam.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .refine((q) => !(q.before && q.after), { message: 'Give before or after, not both' });

export type ThreadQuery = z.infer<typeof threadQuery>;

export const markThreadReadInput = z
  .object({
    /** The newest message the screen shows: later ones (not seen yet) stay unread. Without it: all. */
    through: cursorParam.optional(),
  })
  .strict();

export type MarkThreadReadInput = z.infer<typeof markThreadReadInput>;
