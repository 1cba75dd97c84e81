import { and, eq } from 'drizzle-orm';
import type { Actor } from '../../../auth/authorize';
import { uploadParts, uploads } from '../../../db/schema';
import { UnitOfWork, type WriteDeps } from '../../../db/unit-of-work';
import type { UploadRow } from './upload-rows';

/**
 * Aborts in R2 (already gone is fine), then marks the row aborted if it is still uploading. An
 * upload is its uploader's own bookkeeping: no audit row.
 */
export async function abortRow(
  deps: WriteDeps,
  actor: Actor,
  bucket: R2Bucket,
  row: UploadRow,
): Promise<UploadRow | null> {
  if (row.r2UploadId) {
    try {
      await bucket.resumeMultipartUpload(row.r2Key, row.r2UploadId).abort();
    } catch (err) {
      // R2 forgets multipart uploads on its own after a while; an unknown upload is already aborted.
      if (!String(err).includes('NoSuchUpload') && !String(err).includes('10024')) throw err;
    }
  }
  const { db } = deps;
  const [rows] = (await new UnitOfWork(deps, actor)
    .add(
      db
        .update(uploads)
        .set({ status: 'aborted' })
        .where(and(eq(uploads.id, row.id), eq(uploads.status, 'uploading')))
        .returning(),
      db.delete(uploadParts).where(eq(uploadParts.uploadId, row.id)),
    )
    .commit()) as [UploadRow[], unknown];
  return rows[0] ?? null;
}
