import { z } from 'zod';
import { LISTING_KINDS, LISTING_PAY, LISTING_ROLES, MAX_LISTING_QUERY } from './listing';

/** Plain text: trimmed, never empty, never longer than `max`. */
const plain = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

const listingFields = {
  role: z.enum(LISTING_ROLES, { error: 'Choose a role from the list' }),
  kind: z.enum(LISTING_KINDS, { error: 'Say whether you offer or look for this role' }),
  title: plain('Title', 120),
  description: plain('Description', 4000),
  pay: z.enum(LISTING_PAY, { error: 'Choose how it pays' }),
  /** Null or absent: remote. */
  location: z
    .string()
    .trim()
    .max(120, 'Place must be at most 120 characters')
    .nullish()
    .transform((v) => (v ? v : null)),
  /** One of the author's own campaigns, or none. */
  campaignId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Choose one of your campaigns')
    .nullish()
    .transform((v) => v ?? null),
};

/** POST /api/marketplace: a new listing. */
export const postListingInput = z.object(listingFields).strict();

/** PATCH /api/marketplace/{id}: the author changes any of the fields. */
export const editListingInput = z.object(listingFields).partial().strict();

/** GET /api/marketplace: browse newest first, or search ranked; filters by role, kind and pay. */
export const browseListingsInput = z
  .object({
    q: z.string().max(MAX_LISTING_QUERY, `Search must be at most ${MAX_LISTING_QUERY} characters`).optional(),
    role: z.enum(LISTING_ROLES).optional(),
    kind: z.enum(LISTING_KINDS).optional(),
    pay: z.enum(LISTING_PAY).optional(),
    page: z.coerce.number().int().min(1).max(1000).optional(),
  })
  .strict();

export type PostListingInput = z.input<typeof postListingInput>;
export type EditListingInput = z.input<typeof editListingInput>;
export type BrowseListingsInput = z.input<typeof browseListingsInput>;

/** POST /api/marketplace/{id}/requests: a message to the listing's author, and optionally a campaign of theirs and a role. */
export const requestCollaborationInput = z
  .object({
    message: plain('Message', 2000),
    /** Absent: the listing's own role. */
    role: z.enum(LISTING_ROLES, { error: 'Choose a role from the list' }).optional(),
    /** Absent: the listing's campaign; null: none; else one of the author's campaigns. */
    campaignId: listingFields.campaignId.optional(),
  })
  .strict();

/** POST /api/marketplace/collaborations/{id}/accept and /decline: the author's answer. */
export const respondToRequestInput = z.object({ message: plain('Message', 2000) }).strict();

export type RequestCollaborationInput = z.input<typeof requestCollaborationInput>;
export type RespondToRequestInput = z.input<typeof respondToRequestInput>;
