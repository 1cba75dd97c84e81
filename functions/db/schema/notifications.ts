import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { NOTIFICATION_TOPICS, NOTIFICATION_TYPES } from '../../domain/notifications/types';
import { user } from './auth';
import { createdAt, id, oneOf } from './columns';

export const notifications = sqliteTable(
  'notifications',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    isRead: integer('is_read', { mode: 'boolean' }).notNull().default(false),
    campaignId: text('campaign_id'),
    /** Who caused it (a decline's sender, an uploader): the popover links to them. */
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    /** The film a video notification is about. */
    videoId: text('video_id'),
    /**
     * 'backers': updated in place, it tallies new payments to a campaign since its team member last
     * read it, one unread row per member and campaign (functions/services/notifications/lib/backers.ts).
     * 'payout': about the reader's own money released to them; it opens /contributor/payouts.
     * 'application': a decision on the reader's creator application that opens /apply (a rejection).
     * 'wallet': a campaign's coin waits for the reader's wallet; it opens /account's wallet section and is
     * deleted when they link one on the coins' chain. 'collaboration': a marketplace request or
     * collaboration of the reader's; it opens /marketplace's "Mine". 'coin-releasable', 'coin-withdrawn',
     * 'coin-released': the reader's coins started to unlock, or a withdrawal or release of theirs was
     * mined; they open /creator-token-management. Null for every other notification.
     */
    topic: text('topic', { enum: NOTIFICATION_TOPICS }),
    /** For topic 'backers': the distinct payers (account id, or guest:<email>) counted so far, as JSON. */
    backerKeys: text('backer_keys', { mode: 'json' }).$type<string[]>(),
    /** For topic 'backers': the sum of those payments, cents. */
    amountCents: integer('amount_cents'),
    createdAt: createdAt(),
  },
  (t) => [
    check('notifications_type_ck', sql`${t.type} in (${oneOf(NOTIFICATION_TYPES)})`),
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId, t.isRead),
  ],
);
