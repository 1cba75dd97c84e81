import type { creatorMessages } from '../../../db/schema';
import { encodeCursor } from '../../../domain/cursor';

type MessageRow = Pick<
  typeof creatorMessages.$inferSelect,
  'id' | 'senderId' | 'recipientId' | 'subject' | 'message' | 'isRead' | 'createdAt'
>;

/** A message as the API shows it to one of its two parties. */
export interface MessageView {
  id: string;
  senderId: string;
  recipientId: string;
  subject: string;
  message: string;
  isRead: boolean;
  createdAt: string;
  cursor: string;
}

export function toMessageView(row: MessageRow): MessageView {
  return {
    id: row.id,
    senderId: row.senderId,
    recipientId: row.recipientId,
    subject: row.subject,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    cursor: encodeCursor(row.createdAt, row.id),
  };
}
