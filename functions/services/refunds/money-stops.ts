import { eq } from 'drizzle-orm';
import { campaigns } from '../../db/schema';
import { expireCheckoutSessions, expireOpenCheckouts } from '../payments/expire-checkouts';
import { refundCancelledCampaign } from './cancelled';
import type { RefundDeps } from './deps';

/**
 * What follows a committed change to a campaign, whatever the verb (pause, an admin's status, an
 * edit sent back to review, cancel, delete): a campaign that no longer takes money has its open
 * Checkout Sessions expired; a cancelled one refunds what it holds in escrow. A deleted campaign's
 * session rows went with it, so the caller passes the ids it read before. Safe to repeat.
 */
export async function afterCampaignChange(deps: RefundDeps, campaignId: string, sessionsBeforeDelete?: string[]) {
  const c = await deps.db
    .select({ status: campaigns.status, voting: campaigns.extensionPending })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .get();
  if (!c) return { expired: await expireCheckoutSessions(deps, sessionsBeforeDelete ?? []) };
  if (c.status === 'live' && !c.voting) return { expired: 0 };
  const expired = await expireOpenCheckouts(deps, campaignId);
  const refunds = c.status === 'cancelled' ? await refundCancelledCampaign(deps, campaignId) : null;
  return { expired, refunds };
}
