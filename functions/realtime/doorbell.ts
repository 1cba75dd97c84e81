import type { Namespace, UserChannelRpc } from '../durable-objects';
import { type ChannelEvent, CLOSE_SIGNED_OUT } from './protocol';

/** Rings a user's open tabs after a change was written. Best-effort: the database stays the truth. */
export interface Doorbell {
  ring(userId: string, event: ChannelEvent): Promise<void>;
}

/** Rings through the user's own Durable Object. */
export function durableObjectDoorbell(ns: Namespace<UserChannelRpc>): Doorbell {
  return {
    async ring(userId, event) {
      await ns.get(ns.idFromName(userId)).push(event);
    },
  };
}

/** Where no live delivery exists (Node-side commands and tests): nothing to ring. */
export const silentDoorbell: Doorbell = { ring: async () => {} };

/** Rings without failing the caller: the change is already written, the push is a courtesy. */
export async function ringQuietly(bell: Doorbell, userId: string, event: ChannelEvent): Promise<void> {
  try {
    await bell.ring(userId, event);
  } catch (err) {
    console.error('doorbell failed (the write stands):', err);
  }
}

/** Closes every open socket of a user whose sessions were all revoked (sign out everywhere). */
export async function closeSockets(ns: Namespace<UserChannelRpc>, userId: string) {
  try {
    await ns.get(ns.idFromName(userId)).closeAll(CLOSE_SIGNED_OUT, 'signed out');
  } catch (err) {
    console.error('could not close the sockets of a signed-out user:', err);
  }
}
