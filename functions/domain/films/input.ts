import { z } from 'zod';
import { RUNTIME_MAX_SECONDS, RUNTIME_MIN_SECONDS } from './duration';
import { FILM_MSG } from './messages';

export const YEAR_MIN = 1888;
/** Films announced a few years ahead are fine; a typo like 20224 is not. */
export const yearMax = () => new Date().getUTCFullYear() + 5;
export { RUNTIME_MAX_SECONDS, RUNTIME_MIN_SECONDS } from './duration';

const title = z
  .string({ error: FILM_MSG.titleRequired })
  .trim()
  .min(1, FILM_MSG.titleRequired)
  .max(120, FILM_MSG.titleTooLong);
const description = z
  .string({ error: FILM_MSG.descriptionRequired })
  .trim()
  .min(1, FILM_MSG.descriptionRequired)
  .max(5000, FILM_MSG.descriptionTooLong);
const year = z
  .number({ error: () => FILM_MSG.yearRange(yearMax()) })
  .int({ error: () => FILM_MSG.yearRange(yearMax()) })
  .min(YEAR_MIN, { error: () => FILM_MSG.yearRange(yearMax()) })
  .refine((y) => y <= yearMax(), { error: () => FILM_MSG.yearRange(yearMax()) });
const runtimeSeconds = z
  .number({ error: FILM_MSG.runtimeRange })
  .int(FILM_MSG.runtimeRange)
  .min(RUNTIME_MIN_SECONDS, FILM_MSG.runtimeRange)
  .max(RUNTIME_MAX_SECONDS, FILM_MSG.runtimeRange);
const categoryId = z.string().min(1, FILM_MSG.categoryRequired).max(64).nullable();
const uploadId = z.string().min(1).max(64);

const fields = { title, description, categoryId: categoryId.optional(), year, runtimeSeconds };

/** A new film: its details and a finished video upload of the caller's (a poster is optional; captions are added after). */
export const createFilmInput = z
  .object({
    ...fields,
    videoUploadId: z.string({ error: FILM_MSG.videoRequired }).min(1, FILM_MSG.videoRequired).max(64),
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
      .string({ error: FILM_MSG.reasonRequired })
      .trim()
      .min(1, FILM_MSG.reasonRequired)
      .max(1000, FILM_MSG.reasonTooLong),
  })
  .strict();
