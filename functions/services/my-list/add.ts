import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { myList, videos } from '../../db/schema';
import { notFound } from '../../domain/errors';
import type { Deps } from '../../platform/deps';

/** Adds an approved film to the viewer's list (adding twice keeps the first time). */
export async function addToMyList({ db }: Pick<Deps, 'db'>, actor: Actor, videoId: string) {
  const viewer = authorize(actor, 'my-list.own');
  const film = await db
    .select({ id: videos.id })
    .from(videos)
    .where(and(eq(videos.id, videoId), eq(videos.reviewStatus, 'approved')))
    .get();
  if (!film) throw notFound('Video not found');
  const inserted = await db
    .insert(myList)
    .values({ userId: viewer.userId, videoId })
    .onConflictDoNothing()
    .returning({ videoId: myList.videoId });
  return { videoId, inList: true, added: inserted.length > 0 };
}
