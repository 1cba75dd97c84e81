import { and, eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { uploadParts, uploads } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { badRequest, conflict, DomainError } from '../../domain/errors';
import { sniffVideo } from '../../domain/films/media-sniff';
import { FILM_TEXT } from '../../domain/films/texts';
import { expectedPartSize } from '../../domain/films/upload-plan';
import { type Deps, mediaOf } from '../../platform/deps';
import { abortUpload } from './abort';
import { assertUploading, confirmedParts, loadOwnUpload, uploadView } from './internal/upload-rows';

/**
 * Stores one part in R2 and records it as confirmed. Every part must have its planned length; the
 * first part's leading bytes must be the video type the upload was opened with, or the upload is
 * cancelled. Sending a confirmed part again replaces it (R2 keeps the last one sent).
 */
export async function putPart(
  deps: Pick<Deps, 'db' | 'media' | 'clock' | 'followUps'>,
  actor: Actor,
  uploadId: string,
  partNumber: number,
  body: ArrayBuffer,
) {
  const viewer = authorize(actor, 'upload.own');
  const { db } = deps;
  const bucket = mediaOf(deps);
  const row = await loadOwnUpload(db, viewer, uploadId);
  assertUploading(row);
  if (!row.r2UploadId) throw conflict(FILM_TEXT.uploadFinished);
  if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > row.partCount) {
    throw badRequest(FILM_TEXT.partOutOfRange(partNumber, row.partCount));
  }
  const expected = expectedPartSize(row, partNumber);
  if (body.byteLength !== expected) throw badRequest(FILM_TEXT.partWrongSize(partNumber, expected));
  if (partNumber === 1 && sniffVideo(new Uint8Array(body, 0, Math.min(64, body.byteLength))) !== row.contentType) {
    await abortUpload(deps, viewer, uploadId);
    throw new DomainError('unsupported_media_type', FILM_TEXT.notAVideo);
  }

  const uploaded = await bucket.resumeMultipartUpload(row.r2Key, row.r2UploadId).uploadPart(partNumber, body);
  // An upload's parts are the uploader's own bookkeeping: no audit row.
  const [, touched] = (await new UnitOfWork(deps, viewer)
    .add(
      db
        .insert(uploadParts)
        .values({ uploadId, partNumber, etag: uploaded.etag, size: expected })
        .onConflictDoUpdate({
          target: [uploadParts.uploadId, uploadParts.partNumber],
          set: { etag: uploaded.etag, size: expected, createdAt: sql`(unixepoch('subsec') * 1000)` },
        }),
      db
        .update(uploads)
        .set({ updatedAt: deps.clock.now() })
        .where(and(eq(uploads.id, uploadId), eq(uploads.status, 'uploading')))
        .returning({ id: uploads.id }),
    )
    .commit()) as [unknown, { id: string }[]];
  // Cancelled while this part travelled: the part row goes with the upload's cleanup.
  if (touched.length === 0) throw conflict(FILM_TEXT.uploadCancelled);
  return uploadView(row, await confirmedParts(db, uploadId));
}
