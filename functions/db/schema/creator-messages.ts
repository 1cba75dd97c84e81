import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { createdAt, id } from './columns';

export const creatorMessages = sqliteTable(
  'creator_messages',
  {
    id: id(),
    senderId: text('sender_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    isRead: integer('is_read', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    check('creator_messages_not_self_ck', sql`${t.senderId} <> ${t.recipientId}`),
    index('creator_messages_recipient_unread_idx').on(t.recipientId, t.isRead, t.createdAt),
    index('creator_messages_sender_idx').on(t.senderId, t.createdAt),
  ],
);
