import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, id, oneOf } from './columns';

/**
 * What a ledger group records: a payment into escrow, its refund, the release of escrow to the fee
 * and the members' payables, a payout of a payable, the reversal of a payout; a card dispute opened,
 * won and lost (docs/money.md, "Disputes"; migration 0026).
 */
export const LEDGER_KINDS = [
  'payment',
  'refund',
  'release',
  'payout',
  'payout_reversal',
  'dispute',
  'dispute_won',
  'dispute_lost',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * One movement of money: its lines (ledger_entries) sum to zero. The idempotency key names the
 * movement in the world ('payment:<payment_intent_id>'), so however many events announce it, it is
 * written once. Groups and lines are never updated or deleted; a correction is another group.
 */
export const ledgerGroups = sqliteTable(
  'ledger_groups',
  {
    id: id(),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    currency: text('currency').notNull(),
    campaignId: text('campaign_id'),
    paymentIntentId: text('payment_intent_id'),
    /**
     * A payment: the campaign's agreed share version in force when it was credited; its refund:
     * the same. (A release names its versions in release_portions.)
     */
    shareVersion: integer('share_version'),
    memo: text('memo'),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_groups_kind_ck', sql`${t.kind} in (${oneOf(LEDGER_KINDS)})`),
    check('ledger_groups_currency_ck', sql`length(${t.currency}) = 3 and ${t.currency} = lower(${t.currency})`),
    index('ledger_groups_campaign_idx').on(t.campaignId, t.createdAt),
    index('ledger_groups_payment_idx').on(t.paymentIntentId),
    // The admin's money lists: groups of one kind, newest first (docs/admin-tools.md, "Lists").
    index('ledger_groups_kind_idx').on(t.kind, t.createdAt, t.id),
  ],
);

/**
 * A double-entry line, in integer cents: positive when money arrives in `account`, negative when it
 * leaves. Accounts are text: 'payer:<pi>', 'escrow:<campaign>', 'fee:platform',
 * 'payable:<campaign>:<user>', 'paid:<campaign>:<user>', 'refund:<pi>'. An account's balance is the
 * sum of its lines; nothing else holds money.
 */
export const ledgerEntries = sqliteTable(
  'ledger_entries',
  {
    id: id(),
    groupId: text('group_id')
      .notNull()
      .references(() => ledgerGroups.id, { onDelete: 'restrict' }),
    account: text('account').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    // Copies of the group's context, so statements and breakdowns read lines without joins. No
    // foreign keys: the ledger is history and outlives what it mentions.
    campaignId: text('campaign_id'),
    userId: text('user_id'),
    paymentIntentId: text('payment_intent_id'),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('ledger_entries_amount_ck', sql`${t.amountCents} <> 0`),
    check('ledger_entries_kind_ck', sql`${t.kind} in (${oneOf(LEDGER_KINDS)})`),
    uniqueIndex('ledger_entries_group_account_uq').on(t.groupId, t.account),
    index('ledger_entries_account_idx').on(t.account),
    index('ledger_entries_campaign_idx').on(t.campaignId, t.kind),
    index('ledger_entries_user_idx').on(t.userId, t.campaignId),
  ],
);

/**
 * The ledger's lines summed per UTC day, account type (the account name before its first ':', e.g.
 * 'escrow', 'paid') and kind: a projection kept by the trigger `ledger_entries_daily` (migration
 * 0025) on every line inserted — lines are never updated or deleted — and proven against the lines
 * by `npm run ledger:check`. The platform's money totals read it (services/ledger/lib/totals.ts), so
 * the admin overview costs a few hundred rows, not a million lines (docs/admin-tools.md, "Overview").
 */
export const ledgerDaily = sqliteTable(
  'ledger_daily',
  {
    /** Days since 1970-01-01 (UTC) of the lines' created_at. */
    day: integer('day').notNull(),
    accountType: text('account_type').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    cents: integer('cents').notNull(),
    lines: integer('lines').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountType, t.kind, t.day] })],
);
