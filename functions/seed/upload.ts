import type { Viewer } from '../auth/viewer';
import { HEAD_BYTES } from '../domain/films/upload-plan';
import type { Deps } from '../platform/deps';
import { completeUpload, createUpload, putPart, uploadPoster } from '../services/uploads';

/** The bytes of a file as their own ArrayBuffer (a Node Buffer may be a view into a larger pool). */
const arrayBufferOf = (bytes: Uint8Array, start = 0, end = bytes.byteLength) =>
  bytes.buffer.slice(bytes.byteOffset + start, bytes.byteOffset + end) as ArrayBuffer;

/**
 * Uploads a video as the upload page does, as `owner`: open the upload with the file's leading
 * bytes, send every planned part, complete it. Returns the finished upload.
 */
export async function uploadVideo(deps: Deps, owner: Viewer, fileName: string, bytes: Uint8Array) {
  const head = Buffer.from(bytes.subarray(0, HEAD_BYTES)).toString('base64');
  const upload = await createUpload(deps, owner, { kind: 'video', fileName, size: bytes.byteLength, head });
  for (let n = 1; n <= upload.partCount; n++) {
    const start = (n - 1) * upload.partSize;
    const end = Math.min(bytes.byteLength, start + upload.partSize);
    await putPart(deps, owner, upload.id, n, arrayBufferOf(bytes, start, end));
  }
  return completeUpload(deps, owner, upload.id);
}

/** Uploads a poster image as the film form does, as `owner`. */
export function uploadPosterFile(deps: Deps, owner: Viewer, fileName: string, bytes: Uint8Array) {
  return uploadPoster(deps, owner, arrayBufferOf(bytes), fileName);
}
