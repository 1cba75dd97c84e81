import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { createdAt, id, oneOf, updatedAt } from './columns';

export const UPLOAD_KINDS = ['video', 'poster'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const UPLOAD_STATUSES = ['uploading', 'completed', 'aborted'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/**
 * A file on its way to R2. Videos are R2 multipart uploads driven through the worker; the server
 * records every confirmed part (upload_parts), so a client resumes from what is confirmed. Posters
 * are one PUT and are born completed. `updated_at` is the last activity: an upload with none for a
 * day is abandoned and aborted by the scheduled cleanup.
 */
export const uploads = sqliteTable(
  'uploads',
  {
    id: id(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: UPLOAD_KINDS }).notNull(),
    r2Key: text('r2_key').notNull().unique(),
    /** R2's multipart upload id; null for single-PUT posters. */
    r2UploadId: text('r2_upload_id'),
    fileName: text('file_name').notNull(),
    size: integer('size').notNull(),
    /** The type found in the file's leading bytes, never the name or the browser's guess. */
    contentType: text('content_type').notNull(),
    partSize: integer('part_size').notNull(),
    partCount: integer('part_count').notNull(),
    width: integer('width'),
    height: integer('height'),
    status: text('status', { enum: UPLOAD_STATUSES }).notNull().default('uploading'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    check('uploads_kind_ck', sql`${t.kind} in (${oneOf(UPLOAD_KINDS)})`),
    check('uploads_status_ck', sql`${t.status} in (${oneOf(UPLOAD_STATUSES)})`),
    check('uploads_size_ck', sql`${t.size} > 0 and ${t.partSize} > 0 and ${t.partCount} between 1 and 10000`),
    index('uploads_owner_status_idx').on(t.ownerId, t.status, t.createdAt),
    index('uploads_status_activity_idx').on(t.status, t.updatedAt),
  ],
);

/** Each part R2 confirmed (its etag is needed to complete the upload). */
export const uploadParts = sqliteTable(
  'upload_parts',
  {
    uploadId: text('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    partNumber: integer('part_number').notNull(),
    etag: text('etag').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);
