import { z } from 'zod';
import { CAPTIONS_LABEL_MAX, LANGUAGE_TAG, normalizeLanguage } from './captions';
import { FILM_MSG } from './messages';

export { CAPTIONS_MAX_BYTES } from './captions';

/** A caption track's details (the file itself is the request's body). */
export const captionTrackInput = z.object({
  language: z
    .string({ error: FILM_MSG.captionsLanguage })
    .trim()
    .max(35, FILM_MSG.captionsLanguage)
    .regex(LANGUAGE_TAG, FILM_MSG.captionsLanguage)
    .transform(normalizeLanguage),
  label: z
    .string({ error: FILM_MSG.captionsLabelRequired })
    .trim()
    .min(1, FILM_MSG.captionsLabelRequired)
    .max(CAPTIONS_LABEL_MAX, FILM_MSG.captionsLabelTooLong),
});
export type CaptionTrackInput = z.infer<typeof captionTrackInput>;
