import { type Actor, authorize } from '../../auth/authorize';
import { uploads } from '../../db/schema';
import { DomainError } from '../../domain/errors';
import { sniffVideo } from '../../domain/films/media-sniff';
import { FILM_TEXT } from '../../domain/films/texts';
import { planParts } from '../../domain/films/upload-plan';
import { parseInput } from '../../domain/input';
import { type CreateUploadInput, createUploadInput } from '../../domain/uploads/input';
import { type Deps, mediaOf } from '../../platform/deps';
import { uploadView } from './internal/upload-rows';

const fromBase64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

/**
 * Starts a video upload: checks the size limit and the type (from the leading bytes), opens an R2
 * multipart upload and records it. The first part is checked again when it arrives.
 */
export async function createUpload(deps: Deps, actor: Actor, input: CreateUploadInput) {
  const viewer = authorize(actor, 'upload.own');
  input = parseInput(createUploadInput, input);
  const { db } = deps;
  const maxBytes = deps.config.UPLOAD_MAX_BYTES;
  if (input.size > maxBytes) throw new DomainError('payload_too_large', FILM_TEXT.videoTooLarge(input.size, maxBytes));
  const contentType = sniffVideo(fromBase64(input.head));
  if (!contentType) throw new DomainError('unsupported_media_type', FILM_TEXT.notAVideo);

  const plan = planParts(input.size);
  const id = crypto.randomUUID();
  const r2Key = `uploads/video/${id}`;
  const multipart = await mediaOf(deps).createMultipartUpload(r2Key, {
    httpMetadata: { contentType },
    customMetadata: { owner: viewer.userId, upload: id },
  });
  try {
    const [row] = await db
      .insert(uploads)
      .values({
        id,
        ownerId: viewer.userId,
        kind: 'video',
        r2Key,
        r2UploadId: multipart.uploadId,
        fileName: input.fileName,
        size: input.size,
        contentType,
        ...plan,
      })
      .returning();
    if (!row) throw new Error('upload row not written');
    return uploadView(row);
  } catch (err) {
    await multipart.abort().catch(() => {});
    throw err;
  }
}
