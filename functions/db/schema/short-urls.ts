import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { createdAt } from './columns';

/** The record of short links; KV holds a copy keyed by code for the edge redirect. */
export const shortUrls = sqliteTable('short_urls', {
  shortCode: text('short_code').primaryKey(),
  originalUrl: text('original_url').notNull().unique(),
  createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});
