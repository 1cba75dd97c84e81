/**
 * Stores a film's captions under a key of their own (a replaced file is deleted once no film points
 * at it). Written before the film's batch; `discard` removes it again if that batch fails.
 */
export async function storeCaptions(bucket: R2Bucket, filmId: string, text: string) {
  const key = `captions/${filmId}/${crypto.randomUUID()}.vtt`;
  await bucket.put(key, text, { httpMetadata: { contentType: 'text/vtt; charset=utf-8' } });
  return { key, discard: () => bucket.delete(key).catch(() => {}) };
}
