import { z } from 'zod';
import { usernameSchema } from '../users/username';
import { MAX_WORK_LINKS } from './status';

/** Plain text on one or a few lines: trimmed, never empty, never longer than `max`. */
const plain = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** A link to past work: an absolute http(s) address, nothing else (no javascript:, data: or relative paths). */
const workLink = z
  .string()
  .trim()
  .max(500, 'A link must be at most 500 characters')
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && Boolean(u.hostname);
    } catch {
      return false;
    }
  }, 'Links must start with http:// or https://');

/**
 * POST /api/applications. Signed in, name and email come from the account and may be left out;
 * signed out, both are required (the verb says so).
 */
export const submitApplicationInput = z
  .object({
    name: plain('Name', 100).optional(),
    email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address')).optional(),
    work: plain('What you make', 2000),
    links: z.array(workLink).max(MAX_WORK_LINKS, `At most ${MAX_WORK_LINKS} links`).default([]),
    film: plain('The film you want to fund', 2000),
    heardFrom: plain('How you heard of us', 500),
  })
  .strict();

/** GET /api/applications (admins): the review lists. */
export const listApplicationsInput = z.object({}).strict();

/** POST /api/applications/{id}/reject. */
export const rejectApplicationInput = z.object({ reason: plain('A reason', 1000) }).strict();

/** POST /api/applications/sign-up: the mailed link's token and email, and the new account's name and password. */
export const applicationSignUpInput = z
  .object({
    token: z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'This sign-up link is not valid'),
    email: z.string().trim().toLowerCase().max(254).pipe(z.email('Enter a valid email address')),
    username: usernameSchema,
    password: z
      .string()
      .min(8, 'Password must be at least 8 characters')
      .max(128, 'Password must be at most 128 characters'),
  })
  .strict();

export type SubmitApplicationInput = z.input<typeof submitApplicationInput>;
export type ApplicationSignUpInput = z.input<typeof applicationSignUpInput>;
