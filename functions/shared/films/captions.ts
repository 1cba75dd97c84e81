import { z } from 'zod';
import { FILM_MSG } from '../../domain/films/messages';

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
