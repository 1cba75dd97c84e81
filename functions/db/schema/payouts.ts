import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PAYOUT_STATUSES } from '../../domain/campaigns/status';
import { user } from './auth';
import { campaigns } from './campaigns';
import { createdAt, id, oneOf, updatedAt } from './columns';

const ms = (name: string) => integer(name, { mode: 'timestamp_ms' });
const bool = (name: string) => integer(name, { mode: 'boolean' });

export const ESCROW_CLAIMS = ['release', 'refund'] as const;
export type EscrowClaim = (typeof ESCROW_CLAIMS)[number];

/**
 * Each payment leaves a campaign's escrow exactly once: released to the team at a milestone's vote,
 * or refunded to its payer (campaign cancelled). The batch that moves it inserts this row; the
 * primary key makes a second claim (a concurrent release and refund) fail its whole batch.
 */
export const escrowClaims = sqliteTable(
  'escrow_claims',
  {
    paymentIntentId: text('payment_intent_id').primaryKey(),
    campaignId: text('campaign_id').notNull(),
    claim: text('claim', { enum: ESCROW_CLAIMS }).notNull(),
    /** The ledger group that moved it (its idempotency key). */
    groupKey: text('group_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('escrow_claims_claim_ck', sql`${t.claim} in (${oneOf(ESCROW_CLAIMS)})`),
    index('escrow_claims_campaign_idx').on(t.campaignId, t.claim),
  ],
);

/**
 * A member's Stripe connected account (Express), kept in step with account.updated events and
 * /admin/payout-refresh. A transfer needs transfers_active.
 */
export const connectAccounts = sqliteTable('connect_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  stripeAccountId: text('stripe_account_id').notNull().unique(),
  detailsSubmitted: bool('details_submitted').notNull().default(false),
  chargesEnabled: bool('charges_enabled').notNull().default(false),
  payoutsEnabled: bool('payouts_enabled').notNull().default(false),
  transfersActive: bool('transfers_active').notNull().default(false),
  /** JSON array of Stripe's requirements.currently_due, shown to the member. */
  requirementsDue: text('requirements_due', { mode: 'json' }).$type<string[]>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * One member's payout of one milestone: a Stripe transfer of their payable to their connected
 * account. status: pending (waiting, e.g. for a connected account) → processing (transfer asked)
 * → completed (transfer made) or failed (Stripe refused; retried). reversed_cents grows with
 * transfer reversals.
 */
export const payouts = sqliteTable(
  'payouts',
  {
    id: id(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'restrict' }),
    milestoneNumber: integer('milestone_number').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    stripeAccountId: text('stripe_account_id'),
    transferId: text('transfer_id').unique(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    reversedCents: integer('reversed_cents').notNull().default(0),
    completedAt: ms('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('payouts_status_ck', sql`${t.status} in (${oneOf(PAYOUT_STATUSES)})`),
    check('payouts_amount_ck', sql`${t.amountCents} > 0 and ${t.reversedCents} between 0 and ${t.amountCents}`),
    uniqueIndex('payouts_member_milestone_uq').on(t.campaignId, t.milestoneNumber, t.userId),
    index('payouts_user_idx').on(t.userId, t.createdAt),
    index('payouts_status_idx').on(t.status, t.updatedAt),
  ],
);

/**
 * A connected account's own payout to its bank (payout.* Connect events): information for the
 * member, no money of ours moves.
 */
export const bankPayouts = sqliteTable(
  'bank_payouts',
  {
    /** Stripe's id (po_…). */
    id: text('id').primaryKey(),
    stripeAccountId: text('stripe_account_id').notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    arrivalDate: ms('arrival_date'),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('bank_payouts_user_idx').on(t.userId, t.createdAt)],
);
