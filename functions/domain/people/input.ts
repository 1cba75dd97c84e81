import { z } from 'zod';
import { cursorParam } from '../cursor';
import { ROLES } from '../users/roles';

/** GET /api/admin/people: people whose username or email starts with `q` (any case). */
export const searchPeopleQuery = z.object({ q: z.string().trim().max(254).default('') }).strict();
export type SearchPeopleQuery = z.infer<typeof searchPeopleQuery>;

/** POST /api/admin/people/:id/roles and …/roles/revoke: one role, and why (it goes in the audit log). */
export const changeRoleInput = z
  .object({
    role: z.enum(ROLES, { message: `role is one of ${ROLES.join(', ')}` }),
    reason: z.string().trim().min(1, 'A reason is required').max(500, 'A reason must be at most 500 characters'),
  })
  .strict();
export type ChangeRoleInput = z.infer<typeof changeRoleInput>;

/** POST /api/admin/people/:id/suspend and …/reinstate: why (mailed to the person and audited). */
export const suspensionInput = z
  .object({
    reason: z.string().trim().min(1, 'A reason is required').max(500, 'A reason must be at most 500 characters'),
  })
  .strict();
export type SuspensionInput = z.infer<typeof suspensionInput>;

/** POST /api/admin/people/:id/notes: an admin's note on a person (admins only read it). */
export const adminNoteInput = z
  .object({
    body: z.string().trim().min(1, 'A note cannot be empty').max(2000, 'A note must be at most 2000 characters'),
  })
  .strict();
export type AdminNoteInput = z.infer<typeof adminNoteInput>;

/**
 * GET /api/admin/people/list: the people behind the overview's figures (docs/admin-tools.md,
 * "Lists"), newest sign-up first, narrowed by role, by suspension and by the week they joined
 * (its Monday, YYYY-MM-DD, UTC).
 */
export const listPeopleQuery = z
  .object({
    role: z.enum(ROLES, { message: `role is one of ${ROLES.join(', ')}` }).optional(),
    suspended: z.enum(['true'], { message: 'suspended is true or left out' }).optional(),
    week: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'week is a date, YYYY-MM-DD')
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), 'week is a date, YYYY-MM-DD')
      .optional(),
    cursor: cursorParam.optional(),
    limit: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();
export type ListPeopleQuery = z.input<typeof listPeopleQuery>;
