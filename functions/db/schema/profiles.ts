import { sql } from 'drizzle-orm';
import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { createdAt, updatedAt } from './columns';

export const profiles = sqliteTable(
  'profiles',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    username: text('username').notNull(),
    avatarUrl: text('avatar_url'),
    /** Hidden by an admin after reports (docs/reports.md): the creator page is 404 to all but its owner and admins. */
    hiddenAt: integer('hidden_at', { mode: 'timestamp_ms' }),
    /** Chosen on /account (default off): coin analytics name this person beside their wallet's coins (docs/coins.md). */
    showCoinHolderName: integer('show_coin_holder_name', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Usernames are unique case-insensitively; the same index serves the case-insensitive user search.
  (t) => [uniqueIndex('profiles_username_lower_uq').on(sql`lower(${t.username})`)],
);
