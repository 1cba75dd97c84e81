import { z } from 'zod';
import { RUNTIME_MAX_SECONDS, RUNTIME_MIN_SECONDS } from './duration';
import { FILM_TEXT } from './texts';

export const YEAR_MIN = 1888;
/** Films announced a few years ahead are fine; a typo like 20224 is not. */
export const yearMax = () => new Date().getUTCFullYear() + 5;
export { RUNTIME_MAX_SECONDS, RUNTIME_MIN_SECONDS } from './duration';

const title = z
  .string({ error: FILM_TEXT.titleRequired })
  .trim()
  .min(1, FILM_TEXT.titleRequired)
  .max(120, FILM_TEXT.titleTooLong);
const description = z
  .string({ error: FILM_TEXT.descriptionRequired })
  .trim()
  .min(1, FILM_TEXT.descriptionRequired)
  .max(5000, FILM_TEXT.descriptionTooLong);
const year = z
  .number({ error: () => FILM_TEXT.yearRange(yearMax()) })
  .int({ error: () => FILM_TEXT.yearRange(yearMax()) })
  .min(YEAR_MIN, { error: () => FILM_TEXT.yearRange(yearMax()) })
  .refine((y) => y <= yearMax(), { error: () => FILM_TEXT.yearRange(yearMax()) });
const runtimeSeconds = z
  .number({ error: FILM_TEXT.runtimeRange })
  .int(FILM_TEXT.runtimeRange)
  .min(RUNTIME_MIN_SECONDS, FILM_TEXT.runtimeRange)
  .max(RUNTIME_MAX_SECONDS, FILM_TEXT.runtimeRange);
const categoryId = z.string().min(1, FILM_TEXT.categoryRequired).max(64).nullable();
const uploadId = z.string().min(1).max(64);

const fields = { title, description, categoryId: categoryId.optional(), year, runtimeSeconds };

/** A new film: its details and a finished video upload of the caller's (a poster is optional; captions are added after). */
export const createFilmInput = z
  .object({
    ...fields,
    videoUploadId: z.string({ error: FILM_TEXT.videoRequired }).min(1, FILM_TEXT.videoRequired).max(64),
    posterUploadId: uploadId.nullable().optional(),
  })
  .strict();
export type CreateFilmInput = z.infer<typeof createFilmInput>;

/** Any subset of the details; a new video or poster replaces the old one. */
export const updateFilmInput = z
  .object({
    title: title.optional(),
    description: description.optional(),
    categoryId: categoryId.optional(),
    year: year.optional(),
    runtimeSeconds: runtimeSeconds.optional(),
    videoUploadId: uploadId.optional(),
    posterUploadId: uploadId.optional(),
  })
  .strict();
export type UpdateFilmInput = z.infer<typeof updateFilmInput>;

export const rejectFilmInput = z
  .object({
    reason: z
      .string({ error: FILM_TEXT.reasonRequired })
      .trim()
      .min(1, FILM_TEXT.reasonRequired)
      .max(1000, FILM_TEXT.reasonTooLong),
  })
  .strict();
