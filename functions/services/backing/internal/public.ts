import { and, eq, inArray, or } from 'drizzle-orm';
import { campaigns, videos } from '../../../db/schema';

/**
 * A campaign anyone may see (isPublicCampaign, functions/domain/campaigns/public-state.ts) of a film
 * in the catalogue, as a condition of a read joining campaigns to videos: what a person may follow.
 */
export const publicCampaignWhere = and(
  eq(videos.reviewStatus, 'approved'),
  or(
    inArray(campaigns.status, ['live', 'paused', 'completed']),
    and(eq(campaigns.status, 'pending_approval'), eq(campaigns.reviewReturnsTo, 'live')),
  ),
);
