import { z } from 'zod';
import { cursorParam } from '../cursor';

export const listNotificationsQuery = z
  .object({
    // A query says "true"; the verb, checking the route's parsed value again, gets the boolean.
    unread: z.union([z.boolean(), z.stringbool()]).optional(),
    before: cursorParam.optional(),
    after: cursorParam.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !(q.before && q.after), { message: 'Give before or after, not both' });

export type ListNotificationsQuery = z.infer<typeof listNotificationsQuery>;
