import { z } from 'zod';
import { MAX_PAYMENT_CENTS, MIN_PAYMENT_CENTS } from './limits';

/** POST /api/campaigns/:id/checkout. */
export const checkoutInput = z.strictObject({
  amountCents: z.number().int().min(MIN_PAYMENT_CENTS).max(MAX_PAYMENT_CENTS),
  guestEmail: z.email().max(254).optional(),
  /** Made once per form shown: a resubmitted form gets the same Checkout Session. */
  attemptId: z.string().min(8).max(64).optional(),
  /** The page the checkout was started from: the fund page or the donate page. */
  source: z.enum(['funding', 'donation']).optional(),
});
