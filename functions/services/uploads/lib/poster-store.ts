import type { Db } from '../../../db/client';
import { uploads } from '../../../db/schema';
import { DomainError } from '../../../domain/errors';
import { sniffImage } from '../../../domain/films/media-sniff';
import { FILM_TEXT } from '../../../domain/films/texts';
import { MAX_POSTER_BYTES } from '../../../domain/films/upload-plan';
import { type Deps, mediaOf } from '../../../platform/deps';

/**
 * The poster pipeline, for every way a poster arrives (an upload, the film importer): the type by the
 * leading bytes, the size limit, the file in R2. Returns the upload row's insert for the caller to
 * write (the importer writes it with its audit row) and `discard` to remove the file if that fails.
 * It does not authorize: the verb calling it has.
 */
export async function storePoster(
  deps: Pick<Deps, 'db' | 'media'>,
  ownerId: string,
  body: ArrayBuffer | Uint8Array,
  fileName: string,
) {
  const bytes = body instanceof Uint8Array ? body : new Uint8Array(body);
  if (bytes.byteLength === 0) throw new DomainError('validation_failed', FILM_TEXT.emptyFile);
  if (bytes.byteLength > MAX_POSTER_BYTES) {
    throw new DomainError('payload_too_large', FILM_TEXT.posterTooLarge(MAX_POSTER_BYTES));
  }
  const image = sniffImage(bytes);
  if (!image) throw new DomainError('unsupported_media_type', FILM_TEXT.notAnImage);

  const bucket = mediaOf(deps);
  const id = crypto.randomUUID();
  const r2Key = `uploads/poster/${id}`;
  await bucket.put(r2Key, bytes, {
    httpMetadata: { contentType: image.type },
    customMetadata: { owner: ownerId, upload: id },
  });
  const insert = (db: Db) =>
    db
      .insert(uploads)
      .values({
        id,
        ownerId,
        kind: 'poster',
        r2Key,
        fileName: fileName.slice(0, 255) || 'poster',
        size: bytes.byteLength,
        contentType: image.type,
        partSize: bytes.byteLength,
        partCount: 1,
        width: image.width,
        height: image.height,
        status: 'completed',
        completedAt: new Date(),
      })
      .returning();
  return { id, r2Key, image, size: bytes.byteLength, insert, discard: () => bucket.delete(r2Key).catch(() => {}) };
}
