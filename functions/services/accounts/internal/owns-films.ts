import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { videos } from '../../../db/schema';
import type { CatalogueCache } from '../../../platform/catalogue-cache';
import { creatorPageKey } from '../../../shared/catalogue/cards';

/** Whether the catalogue shows this person as a film's creator (cards, film and creator pages). */
export async function ownsFilms(db: Db, userId: string) {
  return Boolean(
    await db.select({ id: videos.id }).from(videos).where(eq(videos.contributorId, userId)).limit(1).get(),
  );
}

/**
 * After a change of what a person shows (name, avatar): someone with films appears on cards and film
 * pages, so the whole catalogue cache is bumped; anyone else only on their own creator page, whose
 * entry is dropped.
 */
export async function refreshCreatorPage(cache: CatalogueCache, db: Db, userId: string) {
  if (await ownsFilms(db, userId)) await cache.bump();
  else await cache.forget(creatorPageKey(userId));
}
