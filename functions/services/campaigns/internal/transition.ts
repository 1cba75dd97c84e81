import { and, eq, sql } from 'drizzle-orm';
import type { Scoped } from '../../../auth/authorize';
import { campaigns } from '../../../db/schema';
import { UnitOfWork } from '../../../db/unit-of-work';
import {
  type CampaignAction,
  type CampaignStatus,
  type HistoryEvent,
  STATUS_LABELS,
  TRANSITIONS,
  type TransitionVerb,
  transitionTarget,
} from '../../../domain/campaigns/status';
import { conflict } from '../../../domain/errors';
import { fillText, TEXT } from '../../../domain/texts';
import type { Deps } from '../../../platform/deps';
import type { Doorbell } from '../../../realtime/doorbell';
import { type CampaignAccess, type CampaignRow, requireCampaignAction } from '../lib/access';
import { campaignWon, commitGuarded, historyRow, newRevision } from '../lib/guarded-write';
import { campaignChanged } from './changed';

export interface TransitionSpec {
  verb: TransitionVerb;
  action: CampaignAction;
  event: HistoryEvent;
  /** setStatus: the status asked for. */
  requested?: CampaignStatus;
  reason?: string | null;
  /** The 403 text for a related viewer without the right. */
  refusal?: string;
  /** The 409 text when a member has not approved. */
  teamRefusal?: string;
  /** Columns changed with the status. */
  set?: (access: CampaignAccess, to: CampaignStatus) => Partial<typeof campaigns.$inferInsert>;
  /** Notifications, in the same unit of work. */
  effects?: (uow: UnitOfWork, bell: Doorbell, access: CampaignAccess, to: CampaignStatus) => void;
}

export const notAllowedFrom = (status: CampaignStatus) =>
  conflict(fillText(TEXT.notAllowedFromStatus, { status: STATUS_LABELS[status] }));

/**
 * One status transition: the caller's right (roles and rows), the rule for the current status, then
 * a conditional update on that status (and, where the rule needs it, on every member having
 * approved) with its history row in the same batch. Zero rows: someone else changed it first → 409.
 */
/** The verb each transition is, by name (its audit rows say it). */
const VERB_NAMES: Record<TransitionVerb, string> = {
  submit: 'submitCampaign',
  approve: 'approveCampaign',
  reject: 'rejectCampaign',
  launch: 'launchCampaign',
  pause: 'pauseCampaign',
  resume: 'resumeCampaign',
  setStatus: 'setCampaignStatus',
};

export async function applyTransition(
  deps: Deps,
  viewer: Scoped<'team-or-admin'>,
  campaignId: string,
  spec: TransitionSpec,
): Promise<{ campaign: CampaignRow; from: CampaignStatus; to: CampaignStatus; access: CampaignAccess }> {
  const { db, bell } = deps;
  const access = await requireCampaignAction(db, viewer, campaignId, spec.action, spec.refusal);
  const from = access.campaign.status;
  const to = transitionTarget(spec.verb, access.campaign, spec.requested);
  if (!to) throw notAllowedFrom(from);
  // While the team votes at a milestone only an admin's cancel applies (it closes the vote).
  const cancelsVote = spec.verb === 'setStatus' && to === 'cancelled';
  if (access.campaign.extensionPending && !cancelsVote) throw conflict(TEXT.voteInProgress);
  const rule = TRANSITIONS[spec.verb];
  if (rule.requiresTeamApproval && !access.allMembersApproved) throw conflict(spec.teamRefusal ?? TEXT.allMustApprove);

  const revision = newRevision();
  const conditions = [eq(campaigns.id, campaignId), eq(campaigns.status, from)];
  if (!cancelsVote) conditions.push(eq(campaigns.extensionPending, false));
  if (rule.requiresTeamApproval)
    conditions.push(
      sql`not exists (select 1 from campaign_contributors m where m.campaign_id = ${campaigns.id} and m.approved = 0)`,
    );
  const uow = new UnitOfWork(deps, viewer);
  uow.add(
    db
      .update(campaigns)
      .set({
        ...spec.set?.(access, to),
        ...(cancelsVote ? { extensionPending: false } : {}),
        status: to,
        revision,
        updatedAt: new Date(),
      })
      .where(and(...conditions))
      .returning(),
    historyRow(db, {
      campaignId,
      actorId: viewer.userId,
      event: spec.event,
      fromStatus: from,
      toStatus: campaignWon(campaignId, revision),
      reason: spec.reason ?? null,
    }),
  );
  spec.effects?.(uow, bell, access, to);
  campaignChanged(uow, {
    verb: VERB_NAMES[spec.verb],
    campaignId,
    summary: `“${access.campaign.title}”: ${STATUS_LABELS[from]} → ${STATUS_LABELS[to]}${spec.reason ? ` (${spec.reason})` : ''}`,
  });
  const [updated] = (await commitGuarded(uow)) as [CampaignRow[]];
  const campaign = updated[0];
  if (!campaign) throw conflict(TEXT.teamChangedConflict);
  return { campaign, from, to, access };
}
