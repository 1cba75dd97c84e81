import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { uploads } from '../../db/schema';
import { conflict } from '../../domain/errors';
import { FILM_TEXT } from '../../domain/films/texts';
import { type Deps, mediaOf } from '../../platform/deps';
import { assertUploading, confirmedParts, loadOwnUpload, uploadView } from './internal/upload-rows';

/** Joins the confirmed parts into the R2 object once every part is there. Completing twice is a no-op. */
export async function completeUpload(deps: Pick<Deps, 'db' | 'media'>, actor: Actor, id: string) {
  const viewer = authorize(actor, 'upload.own');
  const { db } = deps;
  const row = await loadOwnUpload(db, viewer, id);
  if (row.status === 'completed') return uploadView(row);
  assertUploading(row);
  if (!row.r2UploadId) throw conflict(FILM_TEXT.uploadFinished);

  const parts = await confirmedParts(db, id);
  const have = new Set(parts.map((p) => p.partNumber));
  const missing = Array.from({ length: row.partCount }, (_, i) => i + 1).filter((n) => !have.has(n));
  if (missing.length > 0) throw conflict(FILM_TEXT.uploadIncomplete(missing));

  let size: number;
  try {
    const object = await mediaOf(deps)
      .resumeMultipartUpload(row.r2Key, row.r2UploadId)
      .complete(parts.map(({ partNumber, etag }) => ({ partNumber, etag })));
    size = object.size;
  } catch (err) {
    // A complete racing this one may have joined the parts first: R2 then knows no such upload,
    // but the object is there, and this caller records the same completion.
    const joined = await mediaOf(deps).head(row.r2Key);
    if (!joined) throw err;
    size = joined.size;
  }
  if (size !== row.size) throw new Error(`upload ${id}: R2 object is ${size} bytes, expected ${row.size}`);

  const [done] = await db
    .update(uploads)
    .set({ status: 'completed', completedAt: new Date() })
    .where(and(eq(uploads.id, id), eq(uploads.status, 'uploading')))
    .returning();
  if (done) return uploadView(done);
  const now = await loadOwnUpload(db, viewer, id);
  if (now.status === 'completed') return uploadView(now);
  throw conflict(FILM_TEXT.uploadCancelled);
}
