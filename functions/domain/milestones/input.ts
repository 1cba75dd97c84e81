import { z } from 'zod';

/** POST /api/functions/vote-campaign-extension. */
export const voteInput = z.strictObject({
  campaignId: z.string().min(1).max(64),
  userId: z.string().min(1).max(64),
  vote: z.boolean(),
});
