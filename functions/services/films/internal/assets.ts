import { and, count, eq } from 'drizzle-orm';
import type { Viewer } from '../../../auth/viewer';
import type { Db } from '../../../db/client';
import { mediaInUse } from '../../../db/media-in-use';
import { categories, type UploadKind, uploads } from '../../../db/schema';
import { DomainError } from '../../../domain/errors';
import { FILM_TEXT } from '../../../domain/films/texts';

const invalid = (path: string, message: string) => new DomainError('validation_failed', message, [{ path, message }]);

/**
 * A finished upload of the caller's, of the given kind, that no other film and no project uses yet. An upload
 * belongs to whoever sent it: an admin editing someone's film attaches their own upload.
 */
export async function resolveUpload(db: Db, viewer: Viewer, id: string, kind: UploadKind, filmId: string | null) {
  const path = kind === 'video' ? 'videoUploadId' : 'posterUploadId';
  const row = await db
    .select()
    .from(uploads)
    .where(
      and(
        eq(uploads.id, id),
        eq(uploads.ownerId, viewer.userId),
        eq(uploads.kind, kind),
        eq(uploads.status, 'completed'),
      ),
    )
    .get();
  if (!row) throw invalid(path, kind === 'video' ? FILM_TEXT.videoUploadMissing : FILM_TEXT.posterUploadMissing);
  if (await mediaInUse(db, row.r2Key, { filmId })) throw invalid(path, FILM_TEXT.uploadInUse);
  return row;
}

/**
 * A film's category must exist; it may only be left out while the platform has no categories at
 * all (a fresh install), so that films can still be added there.
 */
export async function assertCategory(db: Db, categoryId: string | null | undefined) {
  if (categoryId) {
    const found = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).get();
    if (!found) throw invalid('categoryId', FILM_TEXT.categoryUnknown);
    return;
  }
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(categories);
  if (n > 0) throw invalid('categoryId', FILM_TEXT.categoryRequired);
}
