import { z } from 'zod';
import { cursorParam } from '../cursor';

/**
 * GET /api/admin/audit's query: a page of the audit list, newest first, narrowed by who acted (a
 * user id or a job's name), by resource (its type, and optionally its id) and by verb.
 */
export const listAuditQuery = z
  .object({
    cursor: cursorParam.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
    actor: z.string().trim().min(1).max(64).optional(),
    resourceType: z
      .string()
      .regex(/^[a-z]+(-[a-z]+)*$/, 'resourceType is kebab-case, e.g. site-settings')
      .max(40)
      .optional(),
    resourceId: z.string().trim().min(1).max(200).optional(),
    verb: z
      .string()
      .regex(/^[A-Za-z]+$/, 'verb is a function name, e.g. approveFilm')
      .max(64)
      .optional(),
  })
  .refine((q) => !(q.resourceId && !q.resourceType), {
    message: 'Give resourceType with resourceId',
    path: ['resourceType'],
  });

export type ListAuditQuery = z.infer<typeof listAuditQuery>;
