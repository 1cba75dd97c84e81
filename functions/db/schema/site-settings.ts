import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { updatedAt } from './columns';

/** The record of site settings; KV holds a write-through copy for the fast read path. */
export const siteSettings = sqliteTable('site_settings', {
  settingKey: text('setting_key').primaryKey(),
  settingValue: text('setting_value').notNull(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
});
