import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Failed sign-ins counted per account (email) and per client address, in the database so the limit
 * holds across isolates and restarts.
 */
export const authThrottle = sqliteTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: integer('window_started_at').notNull(),
});
