import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { REPORT_ITEM_KINDS, REPORT_REASONS, REPORT_STATUSES } from '../../domain/reports/kinds';
import { user } from './auth';
import { createdAt, id, oneOf } from './columns';

/**
 * A person's report on a film, a listing, a creator profile (or a project): a reason from the list
 * and a note. One open report per person and item (the partial unique index, which the insert's
 * `on conflict do nothing` relies on); an admin's dismissal or hiding closes every open report on
 * the item at once under one `decision_id`. docs/reports.md.
 */
export const reports = sqliteTable(
  'reports',
  {
    id: id(),
    itemKind: text('item_kind', { enum: REPORT_ITEM_KINDS }).notNull(),
    itemId: text('item_id').notNull(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('open'),
    closedBy: text('closed_by').references(() => user.id, { onDelete: 'set null' }),
    closedAt: integer('closed_at', { mode: 'timestamp_ms' }),
    /** The admin decision that closed it: the rest of that decision's batch is written only with it. */
    decisionId: text('decision_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('reports_item_kind_ck', sql`${t.itemKind} in (${oneOf(REPORT_ITEM_KINDS)})`),
    check('reports_reason_ck', sql`${t.reason} in (${oneOf(REPORT_REASONS)})`),
    check('reports_status_ck', sql`${t.status} in (${oneOf(REPORT_STATUSES)})`),
    uniqueIndex('reports_one_open_uq').on(t.reporterId, t.itemKind, t.itemId).where(sql`status = 'open'`),
    index('reports_open_item_idx').on(t.status, t.itemKind, t.itemId, t.createdAt),
    index('reports_decision_idx').on(t.decisionId),
  ],
);
