import { creatorMessages } from '../../db/schema';
import type { UnitOfWork } from '../../db/unit-of-work';
import type { Doorbell } from '../../realtime/doorbell';

export interface MessageInput {
  senderId: string;
  recipientId: string;
  subject: string;
  message: string;
}

/** The one message writer (creator_messages): same batch as its cause, then rings the recipient. */
export function sendMessage(uow: UnitOfWork, bell: Doorbell, input: MessageInput): string {
  const id = crypto.randomUUID();
  uow.add(uow.db.insert(creatorMessages).values({ id, ...input }));
  uow.afterCommit(() => bell.ring(input.recipientId, { kind: 'message', id }));
  return id;
}
