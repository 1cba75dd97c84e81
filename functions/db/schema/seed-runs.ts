import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { createdAt } from './columns';

/** Which seed modules have run on this database (local only), so `npm start` seeds once. */
export const seedRuns = sqliteTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: createdAt(),
});
