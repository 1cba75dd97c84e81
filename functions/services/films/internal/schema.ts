import { z } from 'zod';

/** What a film is made of; the assets are R2 keys already uploaded (the upload flow stores them). */
export const filmFields = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  description: z.string().trim().max(5000).default(''),
  categoryId: z.string().min(1).max(64).nullable().default(null),
  year: z.number().int().min(1888).max(2100).nullable().default(null),
  runtimeSeconds: z.number().int().min(0).max(100_000).nullable().default(null),
  poster: z
    .object({ key: z.string().min(1), width: z.number().int().positive(), height: z.number().int().positive() })
    .nullable()
    .default(null),
  video: z
    .object({ key: z.string().min(1), type: z.string().min(1), bytes: z.number().int().min(0) })
    .nullable()
    .default(null),
  captionsKey: z.string().min(1).nullable().default(null),
});

export type FilmFields = z.input<typeof filmFields>;
