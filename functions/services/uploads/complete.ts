import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { uploads } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { FILM_MSG } from '../../lib/film-messages';
import { mediaOf, type Services } from '../../platform/services';
import { assertUploading, confirmedParts, loadOwnUpload, uploadView } from './internal/upload-rows';

/** Joins the confirmed parts into the R2 object once every part is there. Completing twice is a no-op. */
export async function completeUpload(services: Pick<Services, 'db' | 'media'>, actor: Actor, id: string) {
  const viewer = authorize(actor, 'contributor');
  const { db } = services;
  const row = await loadOwnUpload(db, viewer.userId, id);
  if (row.status === 'completed') return uploadView(row);
  assertUploading(row);
  if (!row.r2UploadId) throw conflict(FILM_MSG.uploadFinished);

  const parts = await confirmedParts(db, id);
  const have = new Set(parts.map((p) => p.partNumber));
  const missing = Array.from({ length: row.partCount }, (_, i) => i + 1).filter((n) => !have.has(n));
  if (missing.length > 0) throw conflict(FILM_MSG.uploadIncomplete(missing));

  let object: R2Object;
  try {
    object = await mediaOf(services)
      .resumeMultipartUpload(row.r2Key, row.r2UploadId)
      .complete(parts.map(({ partNumber, etag }) => ({ partNumber, etag })));
  } catch (err) {
    // A second complete racing the first finds R2's upload gone: answer with what the first did.
    const now = await loadOwnUpload(db, viewer.userId, id);
    if (now.status === 'completed') return uploadView(now);
    throw err;
  }
  if (object.size !== row.size)
    throw new Error(`upload ${id}: R2 object is ${object.size} bytes, expected ${row.size}`);

  const [done] = await db
    .update(uploads)
    .set({ status: 'completed', completedAt: new Date() })
    .where(and(eq(uploads.id, id), eq(uploads.status, 'uploading')))
    .returning();
  if (!done) throw conflict(FILM_MSG.uploadCancelled);
  return uploadView(done);
}
