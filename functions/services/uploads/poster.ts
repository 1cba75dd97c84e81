import { type Actor, authorize } from '../../auth/authorize';
import { uploads } from '../../db/schema';
import { DomainError } from '../../domain/errors';
import { sniffImage } from '../../domain/films/media-sniff';
import { FILM_TEXT } from '../../domain/films/texts';
import { MAX_POSTER_BYTES } from '../../domain/films/upload-plan';
import { parseInput } from '../../domain/input';
import { posterQuery } from '../../domain/uploads/input';
import { type Deps, mediaOf } from '../../platform/deps';
import { uploadView } from './internal/upload-rows';

/** A poster is one PUT: checked by its leading bytes, stored in R2, recorded as a completed upload. */
export async function uploadPoster(
  deps: Pick<Deps, 'db' | 'media'>,
  actor: Actor,
  body: ArrayBuffer,
  fileName: string,
) {
  const viewer = authorize(actor, 'upload.own');
  ({ name: fileName } = parseInput(posterQuery, { name: fileName }));
  if (body.byteLength === 0) throw new DomainError('validation_failed', FILM_TEXT.emptyFile);
  if (body.byteLength > MAX_POSTER_BYTES) {
    throw new DomainError('payload_too_large', FILM_TEXT.posterTooLarge(MAX_POSTER_BYTES));
  }
  const image = sniffImage(new Uint8Array(body));
  if (!image) throw new DomainError('unsupported_media_type', FILM_TEXT.notAnImage);

  const { db } = deps;
  const bucket = mediaOf(deps);
  const id = crypto.randomUUID();
  const r2Key = `uploads/poster/${id}`;
  await bucket.put(r2Key, body, {
    httpMetadata: { contentType: image.type },
    customMetadata: { owner: viewer.userId, upload: id },
  });
  try {
    const [row] = await db
      .insert(uploads)
      .values({
        id,
        ownerId: viewer.userId,
        kind: 'poster',
        r2Key,
        fileName: fileName.slice(0, 255) || 'poster',
        size: body.byteLength,
        contentType: image.type,
        partSize: body.byteLength,
        partCount: 1,
        width: image.width,
        height: image.height,
        status: 'completed',
        completedAt: new Date(),
      })
      .returning();
    if (!row) throw new Error('poster row not written');
    return uploadView(row);
  } catch (err) {
    await bucket.delete(r2Key).catch(() => {});
    throw err;
  }
}
