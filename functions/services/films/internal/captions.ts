/**
 * Stores a caption file under a key of its own (a replaced file is deleted after the write that
 * stops pointing at it). Written before the batch; `discard` removes it again if that batch fails.
 */
export async function storeCaptions(bucket: R2Bucket, filmId: string, bytes: ArrayBuffer | Uint8Array) {
  const key = `captions/${filmId}/${crypto.randomUUID()}.vtt`;
  await bucket.put(key, bytes, { httpMetadata: { contentType: 'text/vtt; charset=utf-8' } });
  return { key, discard: () => bucket.delete(key).catch(() => {}) };
}
