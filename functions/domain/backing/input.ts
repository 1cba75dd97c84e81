import { z } from 'zod';

/** A receipt is named by its Checkout Session's id (functions/domain/ids.ts, checkoutSession). */
export const receiptInput = z.strictObject({
  sessionId: z.string().regex(/^cs_[A-Za-z0-9_]{1,250}$/),
});

/** GET /api/me/backing.csv?year=: the yearly statement of a backer's payments. */
export const statementYearInput = z.strictObject({
  year: z.coerce.number().int().min(2000).max(2100),
});

/** POST /api/payments/backing-link: a guest asks for a new link to their payments. */
export const backingLinkInput = z.strictObject({
  email: z.email().max(254),
});

/** A guest link's token, as /backing/<token> carries it (functions/domain/backing/guest-link.ts). */
export const guestTokenInput = z.strictObject({
  token: z.string().regex(/^[A-Za-z0-9_.-]{20,600}$/),
});
