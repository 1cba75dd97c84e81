import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt, oneOf, updatedAt } from './columns';

export const REFUND_REASONS = ['campaign_cancelled', 'refunded_at_stripe'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

const ms = (name: string) => integer(name, { mode: 'timestamp_ms' });

/**
 * A payment refunded out of escrow, in full: written in the same batch as its `refund:<pi>` ledger
 * group and its escrow claim, then worked off like an outbox — the refund asked of Stripe
 * (refunded_at, under the key `refund:<pi>`), then the payer told (notified_at). A refund made at
 * Stripe arrives with refunded_at already set. The hourly job finishes what an interruption left.
 */
export const escrowRefunds = sqliteTable(
  'escrow_refunds',
  {
    paymentIntentId: text('payment_intent_id').primaryKey(),
    // No foreign keys, like the ledger: a record of money outlives what it mentions.
    campaignId: text('campaign_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    payerId: text('payer_id'),
    guestEmail: text('guest_email'),
    reason: text('reason', { enum: REFUND_REASONS }).notNull(),
    stripeRefundId: text('stripe_refund_id'),
    /** Stripe accepted the refund (or had already refunded the payment). */
    refundedAt: ms('refunded_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    notifiedAt: ms('notified_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('escrow_refunds_reason_ck', sql`${t.reason} in (${oneOf(REFUND_REASONS)})`),
    check('escrow_refunds_amount_ck', sql`${t.amountCents} > 0`),
    index('escrow_refunds_campaign_idx').on(t.campaignId),
    index('escrow_refunds_work_idx').on(t.refundedAt, t.notifiedAt),
  ],
);
