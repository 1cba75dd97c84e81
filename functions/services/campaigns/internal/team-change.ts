import { and, eq, ne } from 'drizzle-orm';
import type { Viewer } from '../../../auth/viewer';
import { campaignContributors, campaigns } from '../../../db/schema';
import { UnitOfWork } from '../../../db/unit-of-work';
import { computeShares, type ShareSplit } from '../../../domain/campaigns/shares';
import type { HistoryEvent } from '../../../domain/campaigns/status';
import { conflict } from '../../../domain/errors';
import { TEXT } from '../../../domain/texts';
import type { Deps } from '../../../platform/deps';
import { newProposal } from '../../agreements';
import type { CampaignAccess } from '../lib/access';
import { campaignWon, historyRow, newRevision } from '../lib/guarded-write';
import { campaignChanged } from './changed';

/**
 * The common part of every team change (add, remove, decline): the campaign's originator share is
 * recomputed for the new team size under a conditional update on the revision the caller read, the
 * history row guards the batch, and every remaining member's share is rewritten and their approval
 * reset. The new split is a proposal (a fresh split_proposal):
 * the agreed version stays in force until every member approves it. The caller adds the insert or
 * delete of the member row, then (a removal) recordAgreementIfApproved, for a team left with nobody to ask.
 */
export function beginTeamChange(
  deps: Deps,
  viewer: Viewer,
  access: CampaignAccess,
  change: { verb: string; event: HistoryEvent; reason: string; contributorCount: number; exceptMemberId?: string },
): { uow: UnitOfWork; shares: ShareSplit } {
  const { db } = deps;
  const c = access.campaign;
  // The vote's voters and the release's shares are the team's as it reached the milestone.
  if (c.extensionPending) throw conflict(TEXT.voteTeamLocked);
  const shares = computeShares(c.platformFeePercentage, change.contributorCount);
  const revision = newRevision();
  const uow = new UnitOfWork(deps, viewer);
  uow.add(
    db
      .update(campaigns)
      .set({
        originatorSharePermille: shares.originatorPermille,
        splitProposal: newProposal(),
        revision,
        updatedAt: new Date(),
      })
      .where(and(eq(campaigns.id, c.id), eq(campaigns.revision, c.revision)))
      .returning({ id: campaigns.id }),
    historyRow(db, {
      campaignId: c.id,
      actorId: viewer.userId,
      event: change.event,
      fromStatus: c.status,
      toStatus: campaignWon(c.id, revision),
      reason: change.reason,
    }),
    db
      .update(campaignContributors)
      .set({ sharePermille: shares.contributorPermille, approved: false, approvedAt: null, revision: newRevision() })
      .where(
        change.exceptMemberId
          ? and(eq(campaignContributors.campaignId, c.id), ne(campaignContributors.id, change.exceptMemberId))
          : eq(campaignContributors.campaignId, c.id),
      ),
  );
  // A team change is a new split for every member to approve: money stops until they have.
  campaignChanged(uow, { verb: change.verb, campaignId: c.id, summary: `“${c.title}”: ${change.reason}` });
  return { uow, shares };
}
