import { z } from 'zod';

/** GET /api/users/search and a campaign's candidates: the start of a username. */
export const userSearchQuery = z.object({ q: z.string().max(60).default('') });
