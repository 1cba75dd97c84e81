import { z } from 'zod';
import { CAPTIONS_LABEL_MAX, LANGUAGE_TAG, normalizeLanguage } from './captions';
import { FILM_TEXT } from './texts';

export { CAPTIONS_MAX_BYTES } from './captions';

/** A caption track's details (the file itself is the request's body). */
export const captionTrackInput = z.object({
  language: z
    .string({ error: FILM_TEXT.captionsLanguage })
    .trim()
    .max(35, FILM_TEXT.captionsLanguage)
    .regex(LANGUAGE_TAG, FILM_TEXT.captionsLanguage)
    .transform(normalizeLanguage),
  label: z
    .string({ error: FILM_TEXT.captionsLabelRequired })
    .trim()
    .min(1, FILM_TEXT.captionsLabelRequired)
    .max(CAPTIONS_LABEL_MAX, FILM_TEXT.captionsLabelTooLong),
});
export type CaptionTrackInput = z.infer<typeof captionTrackInput>;
