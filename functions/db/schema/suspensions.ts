import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { createdAt } from './columns';

/**
 * Suspended accounts (docs/admin-tools.md, "Suspension"): while a row exists the account cannot sign in.
 * Reinstating deletes the row; the audit log keeps the history.
 */
export const accountSuspensions = sqliteTable('account_suspensions', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  reason: text('reason').notNull(),
  suspendedBy: text('suspended_by'),
  createdAt: createdAt(),
});
