import { z } from 'zod';
import { SCRAPER_TEXT } from './texts';

/** POST /api/admin/film-imports: the address of a film's page. Its rules are the classifier's (address.ts). */
export const importFilmPageInput = z
  .object({
    url: z.string().trim().min(1, SCRAPER_TEXT.urlRequired).max(2048, 'An address must be at most 2048 characters'),
  })
  .strict();
export type ImportFilmPageInput = z.infer<typeof importFilmPageInput>;
