import { sql } from 'drizzle-orm';
import { check, index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
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
