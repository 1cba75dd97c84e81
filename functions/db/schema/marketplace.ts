import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { REQUEST_STATUSES } from '../../domain/marketplace/collaboration';
import { LISTING_KINDS, LISTING_PAY, LISTING_ROLES, LISTING_STATUSES } from '../../domain/marketplace/listing';
import { user } from './auth';
import { campaigns } from './campaigns';
import { createdAt, id, oneOf, updatedAt } from './columns';

/**
 * A marketplace listing (/marketplace): a person offers a role or looks for one. Searched through
 * marketplace_listings_fts (migration 0020, kept in sync by triggers). docs/marketplace.md.
 */
export const marketplaceListings = sqliteTable(
  'marketplace_listings',
  {
    id: id(),
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: LISTING_ROLES }).notNull(),
    kind: text('kind', { enum: LISTING_KINDS }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    pay: text('pay', { enum: LISTING_PAY }).notNull(),
    /** Null: remote. */
    location: text('location'),
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    status: text('status', { enum: LISTING_STATUSES }).notNull().default('open'),
    /** Hidden by an admin after reports (docs/reports.md): out of sight for all but its author and admins. */
    hiddenAt: integer('hidden_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('marketplace_listings_role_ck', sql`${t.role} in (${oneOf(LISTING_ROLES)})`),
    check('marketplace_listings_kind_ck', sql`${t.kind} in (${oneOf(LISTING_KINDS)})`),
    check('marketplace_listings_pay_ck', sql`${t.pay} in (${oneOf(LISTING_PAY)})`),
    check('marketplace_listings_status_ck', sql`${t.status} in (${oneOf(LISTING_STATUSES)})`),
    index('marketplace_listings_open_idx').on(t.status, t.createdAt),
    index('marketplace_listings_author_idx').on(t.authorId, t.createdAt),
  ],
);

/**
 * A collaboration request on a listing (/collaborate/{listingId}) and, once its author accepts it,
 * the collaboration (/collaboration/{id}): the terms (listing, role, campaign), each side's agreement,
 * and the partnership agreement written when both agreed. docs/marketplace.md.
 */
export const collaborationRequests = sqliteTable(
  'collaboration_requests',
  {
    id: id(),
    listingId: text('listing_id')
      .notNull()
      .references(() => marketplaceListings.id, { onDelete: 'cascade' }),
    requesterId: text('requester_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** The listing's author, copied so reads of "mine" and of a party need no join. */
    authorId: text('author_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: LISTING_ROLES }).notNull(),
    /** One of the author's campaigns, or null. */
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    /** The author's answer when accepting or declining. */
    response: text('response'),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('waiting'),
    authorAgreed: integer('author_agreed', { mode: 'boolean' }).notNull().default(false),
    requesterAgreed: integer('requester_agreed', { mode: 'boolean' }).notNull().default(false),
    /** Who withdrew (status 'withdrawn'). */
    withdrawnBy: text('withdrawn_by'),
    /** The partnership_agreements row written when both agreed. */
    agreementId: text('agreement_id'),
    /** A fresh token per write: the statements of one batch check it to know that their write won. */
    revision: text('revision')
      .notNull()
      .$defaultFn(() => crypto.randomUUID()),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('collaboration_requests_role_ck', sql`${t.role} in (${oneOf(LISTING_ROLES)})`),
    check('collaboration_requests_status_ck', sql`${t.status} in (${oneOf(REQUEST_STATUSES)})`),
    check('collaboration_requests_not_self_ck', sql`${t.requesterId} <> ${t.authorId}`),
    uniqueIndex('collaboration_requests_one_open_uq')
      .on(t.listingId, t.requesterId)
      .where(sql`status in ('waiting', 'accepted')`),
    index('collaboration_requests_author_idx').on(t.authorId, t.createdAt),
    index('collaboration_requests_requester_idx').on(t.requesterId, t.createdAt),
  ],
);
