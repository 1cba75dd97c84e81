import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { videos } from '../../../db/schema';

/** Whether the catalogue shows this person as a film's creator (cards, film and creator pages). */
export async function ownsFilms(db: Db, userId: string) {
  return Boolean(
    await db.select({ id: videos.id }).from(videos).where(eq(videos.contributorId, userId)).limit(1).get(),
  );
}
