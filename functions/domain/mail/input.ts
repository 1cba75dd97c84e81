import { z } from 'zod';

/** GET /api/dev/outbox (local only). */
export const outboxQuery = z.object({ to: z.string().optional() });
