import { z } from 'zod';
import { FILM_TEXT } from '../films/texts';
import { HEAD_BYTES } from '../films/upload-plan';

export const createUploadInput = z
  .object({
    kind: z.literal('video'),
    fileName: z.string().trim().min(1, 'The file needs a name').max(255, 'The file name is too long'),
    size: z.number().int().min(1, FILM_TEXT.emptyFile),
    /** The file's first bytes, base64: the type is decided from them before anything is stored. */
    head: z.base64('head must be base64').max(Math.ceil(HEAD_BYTES / 3) * 4 + 4),
  })
  .strict();

export type CreateUploadInput = z.infer<typeof createUploadInput>;

/** POST /api/uploads/posters: the file's name. */
export const posterQuery = z.object({ name: z.string().max(255).default('poster') });
