import { z } from 'zod';
import { PAYOUT_STATUSES } from '../campaigns/status';

/** GET /api/admin/payouts. */
export const adminPayoutsQuery = z.object({ status: z.enum(PAYOUT_STATUSES).optional() });

/** Which payouts processPayouts takes: a job's, a follow-up's or an admin's selection. */
export const payoutFilter = z.strictObject({
  payoutIds: z.array(z.string().min(1).max(64)).max(1000).optional(),
  userId: z.string().min(1).max(64).optional(),
  stripeAccountId: z.string().min(1).max(255).optional(),
  campaignId: z.string().min(1).max(64).optional(),
  milestoneNumber: z.number().int().min(0).optional(),
  retryFailed: z.boolean().optional(),
  maxAttempts: z.number().int().min(1).optional(),
  failedBefore: z.date().optional(),
});
