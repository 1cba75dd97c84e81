import { and, eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaigns } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { conflict, notFound } from '../../domain/errors';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { requireCampaignAction } from './lib/access';
import { openCheckouts } from './lib/open-checkouts';

/**
 * The film owner or an admin deletes a campaign (its team, milestones, votes and history go with
 * it). A campaign that has taken money — any line in the ledger, even one refunded since — is never
 * deleted: it is cancelled instead, which refunds what it holds. The condition is part of the
 * delete, so a payment racing in wins.
 */
export async function deleteCampaign(deps: Deps, actor: Actor, campaignId: string) {
  const viewer = authorize(actor, 'campaign.delete');
  const { db } = deps;
  const access = await requireCampaignAction(db, viewer, campaignId, 'delete');
  if (access.campaign.currentAmount > 0) throw conflict(TEXT.campaignHasMoney);
  const noLedger = sql`not exists (select 1 from ledger_entries l where l.campaign_id = ${campaignId})`;
  // The session rows go with the campaign: the follow-up gets their ids, read first.
  const sessions = await openCheckouts(db, campaignId);
  const deleted = sql`not exists (select 1 from campaigns where id = ${campaignId})`;
  const [gone] = (await new UnitOfWork(deps, viewer)
    .add(
      db
        .delete(campaigns)
        .where(and(eq(campaigns.id, campaignId), eq(campaigns.currentAmount, 0), noLedger))
        .returning({ id: campaigns.id }),
    )
    .audit({
      verb: 'deleteCampaign',
      resourceType: 'campaign',
      resourceId: campaignId,
      summary: `Deleted campaign “${access.campaign.title}”`,
      when: deleted,
    })
    .owe('campaign-changed', { campaignId, sessions }, { when: deleted })
    .owe('campaign-list-bump', {}, { when: deleted })
    .commit()) as [unknown[]];
  if (gone.length > 0) return { id: campaignId, movieId: access.campaign.movieId };
  const still = await db
    .select({ amount: campaigns.currentAmount })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId))
    .get();
  if (!still) throw notFound(TEXT.noCampaignToDelete);
  throw conflict(still.amount > 0 ? TEXT.campaignHasMoney : TEXT.campaignHasLedger);
}
