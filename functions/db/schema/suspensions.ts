import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { createdAt, id } from './columns';

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
  /** The campaigns this suspension paused (JSON array of ids): reinstating resumes those, and only those. */
  pausedCampaignIds: text('paused_campaign_ids', { mode: 'json' }).$type<string[]>().notNull().default([]),
  createdAt: createdAt(),
});

/**
 * One row per lifted suspension (its user and the suspension's time are the key): the one
 * conditional write that decides which of two admins reinstating at once reinstates (and mails).
 */
export const accountReinstatements = sqliteTable(
  'account_reinstatements',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    suspendedAt: integer('suspended_at', { mode: 'timestamp_ms' }).notNull(),
    /** This attempt's token: the rest of its batch is conditional on the row carrying it. */
    token: text('token').notNull(),
    reinstatedBy: text('reinstated_by'),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.suspendedAt] })],
);

/** An admin's note on a person (docs/admin-tools.md, "People"): seen by admins only, never edited. */
export const adminNotes = sqliteTable(
  'admin_notes',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('admin_notes_user_idx').on(t.userId, t.createdAt)],
);
