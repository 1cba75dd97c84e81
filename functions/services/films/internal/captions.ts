import { z } from 'zod';
import { FILM_MSG } from '../../../lib/film-messages';

/** A captions file is small text: a feature film's subtitles are well under this. */
export const CAPTIONS_MAX_BYTES = 500_000;

const utf8Length = (text: string) => new TextEncoder().encode(text).byteLength;

/** A WebVTT file starts with "WEBVTT" (after an optional byte-order mark), then a blank, a line break or the end. */
export const isWebVtt = (text: string) => /^\uFEFF?WEBVTT(?:[ \t\r\n]|$)/.test(text);

/** The text of a `.vtt` file sent with a film. */
export const captionsText = z
  .string()
  .max(CAPTIONS_MAX_BYTES, FILM_MSG.captionsTooLarge(CAPTIONS_MAX_BYTES))
  .refine((text) => utf8Length(text) <= CAPTIONS_MAX_BYTES, FILM_MSG.captionsTooLarge(CAPTIONS_MAX_BYTES))
  .refine(isWebVtt, FILM_MSG.captionsNotVtt);

/**
 * Stores a film's captions under a key of their own (a replaced file is deleted once no film points
 * at it). Written before the film's batch; `discard` removes it again if that batch fails.
 */
export async function storeCaptions(bucket: R2Bucket, filmId: string, text: string) {
  const key = `captions/${filmId}/${crypto.randomUUID()}.vtt`;
  await bucket.put(key, text, { httpMetadata: { contentType: 'text/vtt; charset=utf-8' } });
  return { key, discard: () => bucket.delete(key).catch(() => {}) };
}
