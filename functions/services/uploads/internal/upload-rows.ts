import { and, asc, eq } from 'drizzle-orm';
import type { Scoped } from '../../../auth/authorize';
import type { Db } from '../../../db/client';
import { uploadParts, uploads, type uploads as uploadsTable } from '../../../db/schema';
import { conflict, notFound } from '../../../domain/errors';
import { FILM_TEXT } from '../../../domain/films/texts';

export type UploadRow = typeof uploadsTable.$inferSelect;

/** The caller's own upload, or 404: another person's upload id is indistinguishable from a wrong one. */
export async function loadOwnUpload(db: Db, viewer: Scoped<'own'>, id: string): Promise<UploadRow> {
  const row = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.ownerId, viewer.scope.userId)))
    .get();
  if (!row) throw notFound(FILM_TEXT.uploadNotFound);
  return row;
}

/** Parts may only be added to an upload still in progress. */
export function assertUploading(row: UploadRow) {
  if (row.status === 'completed') throw conflict(FILM_TEXT.uploadFinished);
  if (row.status === 'aborted') throw conflict(FILM_TEXT.uploadCancelled);
}

export async function confirmedParts(db: Db, uploadId: string) {
  return db
    .select({ partNumber: uploadParts.partNumber, etag: uploadParts.etag, size: uploadParts.size })
    .from(uploadParts)
    .where(eq(uploadParts.uploadId, uploadId))
    .orderBy(asc(uploadParts.partNumber));
}

/** What a client sees of an upload: enough to resume it, nothing of R2's internals. */
export function uploadView(row: UploadRow, parts: { partNumber: number; size: number }[] = []) {
  return {
    id: row.id,
    kind: row.kind,
    fileName: row.fileName,
    size: row.size,
    contentType: row.contentType,
    partSize: row.partSize,
    partCount: row.partCount,
    width: row.width,
    height: row.height,
    status: row.status,
    confirmedParts: parts.map((p) => p.partNumber),
    bytesConfirmed: row.status === 'completed' ? row.size : parts.reduce((sum, p) => sum + p.size, 0),
    createdAt: row.createdAt,
    completedAt: row.completedAt,
  };
}

export type UploadView = ReturnType<typeof uploadView>;
