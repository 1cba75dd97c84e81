import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { videos } from '../../../db/schema';
import type { UnitOfWork } from '../../../db/unit-of-work';
import type { CatalogueCache } from '../../../platform/catalogue-cache';
import { creatorPageKey } from '../../catalogue';

/** Whether the catalogue shows this person as a film's creator (cards, film and creator pages). */
export async function ownsFilms(db: Db, userId: string) {
  return Boolean(
    await db.select({ id: videos.id }).from(videos).where(eq(videos.contributorId, userId)).limit(1).get(),
  );
}

/**
 * After a change of what a person shows (name, avatar): someone with films appears on cards and film
 * pages, so the change owes a catalogue bump; anyone else only on their own creator page, whose entry
 * is dropped after the commit (best-effort: a cache eviction, no follow-up exists for it). Returns
 * what to run after the commit.
 */
export async function refreshCreatorPage(uow: UnitOfWork, cache: CatalogueCache, db: Db, userId: string) {
  if (await ownsFilms(db, userId)) {
    uow.owe('catalogue-bump', {});
    return async () => {};
  }
  return () =>
    cache
      .forget(creatorPageKey(userId))
      .catch((err) => console.error('dropping a creator page from the cache failed (the change stands):', err));
}
