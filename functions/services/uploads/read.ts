import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { uploadParts, uploads } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { confirmedParts, loadOwnUpload, uploadView } from './internal/upload-rows';

/** One of the caller's uploads with its confirmed parts: what a client resumes from. */
export async function getUpload({ db }: Pick<Deps, 'db'>, actor: Actor, id: string) {
  const viewer = authorize(actor, 'upload.own');
  const row = await loadOwnUpload(db, viewer, id);
  return uploadView(row, await confirmedParts(db, id));
}

/** The caller's unfinished video uploads, newest first, with how far each got. */
export async function listUnfinishedUploads({ db }: Pick<Deps, 'db'>, actor: Actor) {
  const viewer = authorize(actor, 'upload.own');
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.ownerId, viewer.userId), eq(uploads.status, 'uploading'), eq(uploads.kind, 'video')))
    .orderBy(desc(uploads.createdAt))
    .limit(20);
  if (rows.length === 0) return [];
  const sums = await db
    .select({
      uploadId: uploadParts.uploadId,
      bytes: sql<number>`sum(${uploadParts.size})`,
      count: sql<number>`count(*)`,
    })
    .from(uploadParts)
    .where(
      inArray(
        uploadParts.uploadId,
        rows.map((r) => r.id),
      ),
    )
    .groupBy(uploadParts.uploadId);
  const byId = new Map(sums.map((s) => [s.uploadId, s]));
  return rows.map((r) => ({ ...uploadView(r), bytesConfirmed: Number(byId.get(r.id)?.bytes ?? 0) }));
}
