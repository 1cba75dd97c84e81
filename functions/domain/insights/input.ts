import { z } from 'zod';

/** GET /api/me/statement(.csv). */
export const statementQuery = z.object({ campaignId: z.string().min(1).max(64).optional() });
