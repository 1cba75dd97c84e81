import { z } from 'zod';
import { LISTING_PAY, LISTING_ROLES } from '../marketplace/listing';
import { MAX_PROJECT_QUERY, MAX_PROJECT_ROLES, PROJECT_STAGES } from './project';

/** Plain text: trimmed, never empty, never longer than `max`. */
const plain = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

const recordId = (message: string) => z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, message);
const optionalId = (message: string) =>
  recordId(message)
    .nullish()
    .transform((v) => v ?? null);

/**
 * A role the project needs: one of the owner's own listings, or a new listing made from here (a
 * "looking for" listing of that role and pay, titled after the project).
 */
export const roleNeededInput = z.union([
  z.object({ listingId: recordId('Choose one of your listings') }).strict(),
  z
    .object({
      role: z.enum(LISTING_ROLES, { error: 'Choose a role from the list' }),
      pay: z.enum(LISTING_PAY, { error: 'Choose how it pays' }),
      description: z.string().trim().max(4000, 'Description must be at most 4000 characters').optional(),
    })
    .strict(),
]);

const projectFields = {
  title: plain('Title', 120),
  logline: plain('Logline', 300),
  description: plain('Description', 4000),
  stage: z.enum(PROJECT_STAGES, { error: 'Choose a stage from the list' }),
  roles: z.array(roleNeededInput).max(MAX_PROJECT_ROLES, `At most ${MAX_PROJECT_ROLES} roles`),
  /** A finished poster upload of the owner's (PUT /api/uploads/poster); it shows once an admin approves it. */
  posterUploadId: optionalId('Upload the poster again'),
  /** One of the owner's campaigns, once there is one. */
  campaignId: optionalId('Choose one of your campaigns'),
  /** One of the owner's films, once there is one. */
  filmId: optionalId('Choose one of your films'),
};

/** POST /api/projects: a new project. */
export const postProjectInput = z
  .object({
    ...projectFields,
    roles: projectFields.roles.default([]),
  })
  .strict();

/** PATCH /api/projects/{id}: the owner changes any field; `roles` replaces the list of roles needed. */
export const editProjectInput = z.object(projectFields).partial().strict();

/** GET /api/projects: newest first; search by title and logline; filter by stage and by a role needed. */
export const browseProjectsInput = z
  .object({
    q: z.string().max(MAX_PROJECT_QUERY, `Search must be at most ${MAX_PROJECT_QUERY} characters`).optional(),
    stage: z.enum(PROJECT_STAGES).optional(),
    role: z.enum(LISTING_ROLES).optional(),
    page: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .strict();

/** POST /api/projects/{id}/poster-review: an admin approves the waiting poster or refuses it. */
export const reviewProjectPosterInput = z.object({ approve: z.boolean() }).strict();

export type PostProjectInput = z.input<typeof postProjectInput>;
export type EditProjectInput = z.input<typeof editProjectInput>;
export type BrowseProjectsInput = z.input<typeof browseProjectsInput>;
export type ReviewProjectPosterInput = z.input<typeof reviewProjectPosterInput>;
export type RoleNeededInput = z.input<typeof roleNeededInput>;
