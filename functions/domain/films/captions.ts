/**
 * Caption tracks: WebVTT files, told apart from anything else by their first bytes ("WEBVTT" after
 * an optional byte-order mark, then a blank, a line break or the end), each at most
 * CAPTIONS_MAX_BYTES, with a language (a BCP 47 tag such as en, fr or pt-BR: the track's srclang)
 * and a label for the player's menu. Pure code, shared by the server (which decides) and the film
 * form (which warns before sending).
 */
export const CAPTIONS_MAX_BYTES = 512_000;
export const CAPTIONS_MAX_TRACKS = 20;
export const CAPTIONS_LABEL_MAX = 40;

/** A language subtag of 2–3 letters, then optional subtags (script, region, variant). */
export const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*$/;

const BOM = [0xef, 0xbb, 0xbf];
const SIGNATURE = [...'WEBVTT'].map((c) => c.charCodeAt(0));
const AFTER = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Whether these leading bytes open a WebVTT file. */
export function isWebVttBytes(bytes: Uint8Array): boolean {
  const start = BOM.every((b, i) => bytes[i] === b) ? BOM.length : 0;
  if (!SIGNATURE.every((b, i) => bytes[start + i] === b)) return false;
  const next = bytes[start + SIGNATURE.length];
  return next === undefined || AFTER.has(next);
}

/** A language tag as stored: the language lower case, a two-letter region upper case (pt-BR). */
export function normalizeLanguage(tag: string): string {
  return tag
    .trim()
    .split('-')
    .map((part, i) => (i === 0 ? part.toLowerCase() : part.length === 2 ? part.toUpperCase() : part))
    .join('-');
}
