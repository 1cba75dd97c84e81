import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaignContributors, campaigns } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { editCampaignSchema } from '../../domain/campaigns/input';
import { computeShares } from '../../domain/campaigns/shares';
import { canEditFields, reviewReturnTarget } from '../../domain/campaigns/status';
import { serverToday, validateCampaignFields, validatePlatformFee } from '../../domain/campaigns/validation';
import { conflict } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { newProposal, recordAgreementIfApproved } from '../agreements';
import { notify } from '../notifications';
import { campaignChanged } from './internal/changed';
import { describeChanges, REVIEWED_FIELDS } from './internal/changes';
import { reviewingAdmins, sendApplicationNotification } from './internal/notify-admins';
import { validationFailed } from './internal/validation-failed';
import { type CampaignRow, requireCampaignAction } from './lib/access';
import { campaignWon, commitGuarded, historyRow, newRevision } from './lib/guarded-write';

export interface EditCampaignInput {
  title?: string;
  description?: string;
  goalAmount?: number;
  endDate?: string;
  platformFeePercentage?: number;
}

/** What the save did, for the screen's toast. */
export type EditOutcome = 'unchanged' | 'saved' | 'review' | 'extension';

/**
 * The film owner or an admin edits title, description, goal and end date (admins also the fee).
 * Not while under review. An owner's change to an approved or live campaign sends it back to review
 * (payments stop until an admin re-approves); a completed campaign given a future end date is an
 * extension: back to review, every approval reset and every member told.
 */
export async function editCampaign(
  deps: Deps,
  actor: Actor,
  campaignId: string,
  input: EditCampaignInput,
): Promise<{ campaign: CampaignRow; outcome: EditOutcome }> {
  const viewer = authorize(actor, 'campaign.edit');
  input = parseInput(editCampaignSchema, input);
  const { db, bell, clock } = deps;
  const access = await requireCampaignAction(db, viewer, campaignId, 'edit', TEXT.editOwnOnly);
  const c = access.campaign;
  if (!canEditFields(c.status)) throw conflict(TEXT.underReviewLocked);

  const today = serverToday(clock.now().getTime());
  const errors = validateCampaignFields(input, { isNew: false, status: c.status, today });
  const admin = access.relation.isAdmin;
  const fee = admin ? input.platformFeePercentage : undefined;
  if (fee !== undefined) errors.push(...validatePlatformFee(fee));
  if (errors.length) throw validationFailed(errors);

  const next: Partial<CampaignRow> = {
    ...(input.title !== undefined ? { title: input.title.trim() } : {}),
    ...(input.description !== undefined ? { description: input.description.trim() } : {}),
    ...(input.goalAmount !== undefined ? { goalAmount: input.goalAmount } : {}),
    ...(input.endDate !== undefined ? { endDate: input.endDate } : {}),
  };
  const changed = REVIEWED_FIELDS.filter((f) => next[f] !== undefined && next[f] !== c[f]);
  const feeChanged = fee !== undefined && fee !== c.platformFeePercentage;
  if (changed.length === 0 && !feeChanged) return { campaign: c, outcome: 'unchanged' };

  const extension = c.status === 'completed' && changed.includes('endDate') && (next.endDate ?? '') > today;
  const returnTo = reviewReturnTarget(c);
  const review = !extension && !admin && returnTo !== null && changed.length > 0;
  const now = new Date();
  const revision = newRevision();
  const summary = changed.length ? describeChanges(changed, c, next) : null;
  const reviewColumns =
    extension || review
      ? {
          status: 'pending_approval' as const,
          needsAdminReapproval: true,
          reviewReturnsTo: extension ? ('live' as const) : returnTo,
          submittedAt: now,
          pausedFrom: null,
          extensionPending: false,
          changedFields: [...changed],
          previousValues: Object.fromEntries(changed.map((f) => [f, c[f]])),
          changeSummary: summary,
        }
      : {};
  // While the team votes at a milestone, nothing that moves the status, the goal or the shares applies.
  if (c.extensionPending && (extension || review || feeChanged || changed.includes('goalAmount')))
    throw conflict(TEXT.voteInProgress);
  const shares = feeChanged ? computeShares(fee, access.memberCount) : null;

  const uow = new UnitOfWork(deps, viewer);
  uow.add(
    db
      .update(campaigns)
      .set({
        ...next,
        ...reviewColumns,
        ...(shares
          ? {
              platformFeePercentage: fee,
              originatorSharePermille: shares.originatorPermille,
              splitProposal: newProposal(),
            }
          : {}),
        lastEditedAt: now,
        updatedAt: now,
        revision,
      })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.revision, c.revision)))
      .returning(),
    historyRow(db, {
      campaignId,
      actorId: viewer.userId,
      event: extension ? 'extended' : review ? 'sent_to_review' : 'edited',
      fromStatus: c.status,
      toStatus: campaignWon(campaignId, revision),
      reason: [summary, feeChanged ? `Platform fee: ${c.platformFeePercentage}% → ${fee}%` : null]
        .filter(Boolean)
        .join('; '),
    }),
  );
  if (extension || shares) {
    // Every approval is reset: the timeline or the shares changed.
    uow.add(
      db
        .update(campaignContributors)
        .set({
          approved: false,
          approvedAt: null,
          revision: newRevision(),
          ...(shares ? { sharePermille: shares.contributorPermille } : {}),
        })
        .where(eq(campaignContributors.campaignId, campaignId)),
    );
  }
  // A fee change is a proposal like a team change; with no member to ask it is agreed at once.
  if (shares) uow.add(...recordAgreementIfApproved(db, campaignId));
  if (extension) {
    const members = await db
      .select({ userId: campaignContributors.contributorId })
      .from(campaignContributors)
      .where(eq(campaignContributors.campaignId, campaignId));
    for (const m of members)
      notify(uow, bell, {
        userId: m.userId,
        type: 'info',
        title: `"${next.title ?? c.title}": new timeline`,
        message: TEXT.extensionSaved,
        campaignId,
        actorId: viewer.userId,
      });
  }
  if (extension || review)
    sendApplicationNotification(uow, bell, await reviewingAdmins(db, viewer.userId), {
      campaignId,
      campaignTitle: next.title ?? c.title,
      actorId: viewer.userId,
      action: 'campaign_edited_for_review',
    });
  campaignChanged(uow, {
    verb: 'editCampaign',
    campaignId,
    summary: `“${c.title}”: ${
      [
        extension ? 'extension sent to review' : review ? 'sent back to review' : null,
        summary,
        feeChanged ? `Platform fee: ${c.platformFeePercentage}% → ${fee}%` : null,
      ]
        .filter(Boolean)
        .join('; ') || 'edited'
    }`,
  });
  const [rows] = (await commitGuarded(uow)) as [CampaignRow[]];
  const campaign = rows[0] as CampaignRow;
  return { campaign, outcome: extension ? 'extension' : review ? 'review' : 'saved' };
}
