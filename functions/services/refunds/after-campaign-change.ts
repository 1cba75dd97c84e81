import { eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaigns } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { ringCampaign } from '../../realtime/campaign-bell';
import { teamApproved } from '../agreements';
import { expireCheckoutSessions, expireOpenCheckouts } from '../campaigns';
import { releaseCompletedCampaign } from '../milestones';
import { refundCancelledCampaign } from './internal/refund-campaign';

/**
 * What follows a committed change to a campaign, whatever the verb (pause, an admin's status, an
 * edit sent back to review, a team or fee change waiting for the team's approval, cancel, delete):
 * a campaign that no longer takes money has its open Checkout Sessions expired; a cancelled one
 * refunds what it holds in escrow; a completed one releases it to the team by its agreed versions
 * and starts the payouts. A deleted campaign's session rows went with it, so the caller passes the
 * ids it read before. Safe to repeat.
 */
export async function afterCampaignChange(
  deps: Deps,
  actor: Actor,
  campaignId: string,
  sessionsBeforeDelete?: string[],
) {
  authorize(actor, 'refund.after-change');
  // The campaign's open film pages read its figures and state again (or close, if it is no longer public).
  await ringCampaign(deps.campaignBell, campaignId);
  const c = await deps.db
    .select({
      status: campaigns.status,
      voting: campaigns.extensionPending,
      agreed: sql<number>`${teamApproved(sql`"campaigns"."id"`)}`,
    })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .get();
  if (!c) return { expired: await expireCheckoutSessions(deps, sessionsBeforeDelete ?? []) };
  if (c.status === 'live' && !c.voting && c.agreed) return { expired: 0 };
  const expired = await expireOpenCheckouts(deps, campaignId);
  const refunds = c.status === 'cancelled' ? await refundCancelledCampaign(deps, actor, campaignId) : null;
  // Completed by an admin (the team's vote releases in its own batch): the team keeps what it raised;
  // the release owes its payouts.
  const released = c.status === 'completed' ? await releaseCompletedCampaign(deps, actor, campaignId) : null;
  return { expired, refunds, released };
}
