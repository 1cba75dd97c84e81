import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { myList } from '../../db/schema';
import type { Deps } from '../../platform/deps';

/** Removes a film from the viewer's own list; removing what is not there is not an error. */
export async function removeFromMyList({ db }: Pick<Deps, 'db'>, actor: Actor, videoId: string) {
  const viewer = authorize(actor, 'my-list.own');
  const removed = await db
    .delete(myList)
    .where(and(eq(myList.userId, viewer.userId), eq(myList.videoId, videoId)))
    .returning({ videoId: myList.videoId });
  return { videoId, inList: false, removed: removed.length > 0 };
}
