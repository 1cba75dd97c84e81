import { index, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { campaigns } from './campaigns';
import { createdAt } from './columns';

/**
 * A person following a public campaign (docs/backing.md, "Following"): they hear of it 48 hours
 * before its end, at each milestone and at its end, as its backers do. The key orders a campaign's
 * followers by account id, the order the told audience is paged in.
 */
export const campaignFollows = sqliteTable(
  'campaign_follows',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.userId] }),
    index('campaign_follows_user_idx').on(t.userId, t.createdAt),
  ],
);
