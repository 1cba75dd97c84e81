import { z } from 'zod';

/** GET /api/search and the /search page. */
export const searchQuery = z.object({
  q: z.string().max(1000).optional(),
  page: z.coerce.number().int().min(1).max(1000).optional(),
});
