import { and, desc, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { categories, myList, profiles, videos } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { approved, cardColumns, type FilmCard, toCard } from '../catalogue';

export interface MyListItem extends FilmCard {
  addedAt: number;
}

/** At most this many entries are returned (newest first). */
const MY_LIST_LIMIT = 500;

/** The viewer's list, newest first; a film that left the catalogue drops out of it. */
export async function listMyList({ db }: Pick<Deps, 'db'>, actor: Actor): Promise<MyListItem[]> {
  const viewer = authorize(actor, 'my-list.own');
  const rows = await db
    .select({ ...cardColumns, addedAt: myList.createdAt })
    .from(myList)
    .innerJoin(videos, eq(videos.id, myList.videoId))
    .leftJoin(categories, eq(categories.id, videos.categoryId))
    .leftJoin(profiles, eq(profiles.userId, videos.contributorId))
    .where(and(eq(myList.userId, viewer.userId), approved))
    .orderBy(desc(myList.createdAt), desc(myList.videoId))
    .limit(MY_LIST_LIMIT);
  return rows.map(({ addedAt, ...card }) => ({ ...toCard(card), addedAt: addedAt.getTime() }));
}
