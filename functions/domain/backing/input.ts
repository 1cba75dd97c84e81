import { z } from 'zod';

/** A receipt is named by its Checkout Session's id (functions/domain/ids.ts, checkoutSession). */
export const receiptInput = z.strictObject({
  sessionId: z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/),
});

/** GET /api/me/backing.csv?year=: the yearly statement of a backer's payments. */
export const statementYearInput = z.strictObject({
  year: z.coerce.number().int().min(2000).max(2100),
});
