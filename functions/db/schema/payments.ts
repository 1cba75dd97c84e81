import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { campaigns } from './campaigns';
import { createdAt, oneOf, updatedAt } from './columns';

export const STRIPE_EVENT_SOURCES = ['platform', 'connect'] as const;
export type StripeEventSource = (typeof STRIPE_EVENT_SOURCES)[number];

/**
 * Every verified Stripe event, recorded once by its id (Stripe delivers at least once, in any
 * order). processed_at is set in the same batch as the event's effects; an event whose handler
 * failed stays unprocessed, answers 500, and Stripe delivers it again.
 */
export const stripeEvents = sqliteTable(
  'stripe_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    source: text('source', { enum: STRIPE_EVENT_SOURCES }).notNull(),
    /** The connected account a Connect event is about. */
    accountId: text('account_id'),
    livemode: integer('livemode', { mode: 'boolean' }).notNull(),
    /** When Stripe created the event (seconds, as Stripe gives it). */
    stripeCreated: integer('stripe_created').notNull(),
    receivedAt: integer('received_at', { mode: 'timestamp_ms' }).notNull().default(sql`(unixepoch('subsec') * 1000)`),
    processedAt: integer('processed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    check('stripe_events_source_ck', sql`${t.source} in (${oneOf(STRIPE_EVENT_SOURCES)})`),
    index('stripe_events_type_idx').on(t.type, t.receivedAt),
  ],
);

export const CHECKOUT_STATUSES = ['open', 'complete', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** Which page a checkout was started from (docs/backing.md); sessions made before it was recorded have none. */
export const CHECKOUT_SOURCES = ['funding', 'donation'] as const;
export type CheckoutSource = (typeof CHECKOUT_SOURCES)[number];

/**
 * The Checkout Sessions we created, with who pays for which campaign: what /donation-success shows,
 * and which sessions to expire when a campaign stops taking money. The money itself is in the ledger.
 */
export const checkoutSessions = sqliteTable(
  'checkout_sessions',
  {
    /** Stripe's id (cs_…). */
    id: text('id').primaryKey(),
    /**
     * Ours, derived from the checkout request and carried in the session's and the payment intent's
     * metadata (checkoutRef), so an event about either finds this row, in whatever order they come.
     */
    reference: text('reference').notNull().unique(),
    /** Sessions of a deleted campaign go with it (a campaign with money in its ledger cannot be deleted). */
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    payerId: text('payer_id').references(() => user.id, { onDelete: 'set null' }),
    guestEmail: text('guest_email'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: CHECKOUT_STATUSES }).notNull().default('open'),
    paymentIntentId: text('payment_intent_id').unique(),
    url: text('url'),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** The fund page or the donate page; null for sessions made before it was recorded ("payment"). */
    source: text('source', { enum: CHECKOUT_SOURCES }),
    /** The version of the terms the payer saw when starting the checkout (functions/domain/backing/terms.ts). */
    termsVersion: text('terms_version'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('checkout_sessions_status_ck', sql`${t.status} in (${oneOf(CHECKOUT_STATUSES)})`),
    check('checkout_sessions_amount_ck', sql`${t.amountCents} > 0`),
    index('checkout_sessions_campaign_idx').on(t.campaignId, t.status),
    index('checkout_sessions_payer_idx').on(t.payerId, t.createdAt),
  ],
);
