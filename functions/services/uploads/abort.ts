import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { uploadParts, uploads } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { FILM_MSG } from '../../lib/film-messages';
import { mediaOf, type Services } from '../../platform/services';
import { loadOwnUpload, type UploadRow, uploadView } from './context';

/** Cancels an unfinished upload: R2 drops its parts, the row says aborted. A second cancel is a no-op. */
export async function abortUpload(services: Pick<Services, 'db' | 'media'>, viewer: Viewer, id: string) {
  const { db } = services;
  const row = await loadOwnUpload(db, viewer.userId, id);
  if (row.status === 'completed') throw conflict(FILM_MSG.uploadFinished);
  if (row.status === 'aborted') return uploadView(row);
  const aborted = await abortRow(db, mediaOf(services), row);
  return uploadView(aborted ?? { ...row, status: 'aborted' });
}

/** Aborts in R2 (already gone is fine), then marks the row aborted if it is still uploading. */
export async function abortRow(db: Db, bucket: R2Bucket, row: UploadRow): Promise<UploadRow | null> {
  if (row.r2UploadId) {
    try {
      await bucket.resumeMultipartUpload(row.r2Key, row.r2UploadId).abort();
    } catch (err) {
      // R2 forgets multipart uploads on its own after a while; an unknown upload is already aborted.
      if (!String(err).includes('NoSuchUpload') && !String(err).includes('10024')) throw err;
    }
  }
  const [rows] = await db.batch([
    db
      .update(uploads)
      .set({ status: 'aborted' })
      .where(and(eq(uploads.id, row.id), eq(uploads.status, 'uploading')))
      .returning(),
    db.delete(uploadParts).where(eq(uploadParts.uploadId, row.id)),
  ]);
  return rows[0] ?? null;
}
