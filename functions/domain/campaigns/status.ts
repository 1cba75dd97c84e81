/**
 * The campaign status machine in one place: statuses and their labels, who may do what, which transitions are allowed from where,
 * and the four-step progress tracker. The verbs enforce it; the screens only mirror it.
 */
import { CAMPAIGN_TEXT } from './texts';

export const CAMPAIGN_STATUSES = [
  'pending',
  'active',
  'pending_approval',
  'approved',
  'live',
  'paused',
  'completed',
  'rejected',
  'cancelled',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Shown when the stored status is live, approved or pending_approval and a member has not approved. */
export const WAITING_FOR_TEAM = 'pending_contributor_approval';
export type DisplayStatus = CampaignStatus | typeof WAITING_FOR_TEAM;

export const STATUS_LABELS: Record<DisplayStatus, string> = {
  pending: 'Pending',
  active: 'Draft',
  pending_approval: 'Pending Review',
  approved: 'Approved',
  live: 'Live',
  paused: 'Paused',
  completed: 'Completed',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  pending_contributor_approval: 'Waiting for Team Approval',
};

const WAITING_APPLIES: readonly CampaignStatus[] = ['live', 'approved', 'pending_approval'];

export function displayStatus(status: CampaignStatus, allMembersApproved: boolean): DisplayStatus {
  return !allMembersApproved && WAITING_APPLIES.includes(status) ? WAITING_FOR_TEAM : status;
}

export const isCampaignStatus = (s: unknown): s is CampaignStatus =>
  typeof s === 'string' && (CAMPAIGN_STATUSES as readonly string[]).includes(s);

/** The statuses an admin may pick directly. */
export const ADMIN_SETTABLE_STATUSES = [
  'pending',
  'active',
  'paused',
  'pending_approval',
  'completed',
  'cancelled',
] as const satisfies readonly CampaignStatus[];
export type AdminSettableStatus = (typeof ADMIN_SETTABLE_STATUSES)[number];

export const PAYOUT_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** What a status-history row records. */
export const HISTORY_EVENTS = [
  'created',
  'edited',
  'sent_to_review',
  'extended',
  'submitted',
  'approved',
  'rejected',
  'launched',
  'paused',
  'resumed',
  'status_set',
  'member_added',
  'member_removed',
  'member_joined',
  'member_declined',
  'share_approved',
  'coins_updated',
] as const;
export type HistoryEvent = (typeof HISTORY_EVENTS)[number];

// ---------------------------------------------------------------------------------------------
// Who may do what. Relations come from user_roles (admin) and membership rows (owner = the film's
// contributor_id, member = a campaign_contributors row) — never from the URL.

export interface Relation {
  isOwner: boolean;
  isAdmin: boolean;
  isMember: boolean;
}

export const CAMPAIGN_ACTIONS = [
  'view',
  'edit',
  'manageTeam',
  'submit',
  'approve',
  'reject',
  'launch',
  'pause',
  'resume',
  'delete',
  'setStatus',
  'editFee',
  'editCoins',
  'respond',
] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

const RIGHTS: Record<CampaignAction, (r: Relation) => boolean> = {
  view: (r) => r.isOwner || r.isAdmin || r.isMember,
  // Stricter than "any viewer of settings": only the film owner and admins.
  edit: (r) => r.isOwner || r.isAdmin,
  manageTeam: (r) => r.isOwner || r.isAdmin,
  submit: (r) => r.isOwner || r.isAdmin,
  pause: (r) => r.isOwner || r.isAdmin,
  resume: (r) => r.isOwner || r.isAdmin,
  delete: (r) => r.isOwner || r.isAdmin,
  approve: (r) => r.isAdmin,
  reject: (r) => r.isAdmin,
  setStatus: (r) => r.isAdmin,
  editFee: (r) => r.isAdmin,
  editCoins: (r) => r.isAdmin,
  // Only the film owner launches, admins included.
  launch: (r) => r.isOwner,
  // An invitee acts only on their own invitation and share.
  respond: (r) => r.isMember,
};

export const mayPerform = (action: CampaignAction, relation: Relation) => RIGHTS[action](relation);

// ---------------------------------------------------------------------------------------------
// Transitions: each is one service verb, applied as a conditional update on the expected status.

export const TRANSITION_VERBS = ['submit', 'approve', 'reject', 'launch', 'pause', 'resume', 'setStatus'] as const;
export type TransitionVerb = (typeof TRANSITION_VERBS)[number];

export interface TransitionRule {
  from: readonly CampaignStatus[];
  /** The change is refused while a team member has not approved their share. */
  requiresTeamApproval: boolean;
}

/** Pause works from any status but these (and not twice). */
export const NOT_PAUSABLE: readonly CampaignStatus[] = ['pending_approval', 'completed', 'cancelled', 'paused'];

export const TRANSITIONS: Record<TransitionVerb, TransitionRule> = {
  // Draft (and a rejected campaign, once fixed) goes to review.
  submit: { from: ['pending', 'active', 'rejected'], requiresTeamApproval: true },
  approve: { from: ['pending_approval'], requiresTeamApproval: true },
  reject: { from: ['pending_approval'], requiresTeamApproval: false },
  launch: { from: ['approved'], requiresTeamApproval: true },
  pause: { from: CAMPAIGN_STATUSES.filter((s) => !NOT_PAUSABLE.includes(s)), requiresTeamApproval: false },
  resume: { from: ['paused'], requiresTeamApproval: false },
  setStatus: { from: CAMPAIGN_STATUSES, requiresTeamApproval: false },
};

export interface TransitionSubject {
  status: CampaignStatus;
  pausedFrom?: CampaignStatus | null;
  reviewReturnsTo?: CampaignStatus | null;
}

/** Where `verb` takes a campaign in `subject.status`, or null when it is refused from there. */
export function transitionTarget(
  verb: TransitionVerb,
  subject: TransitionSubject,
  requested?: CampaignStatus,
): CampaignStatus | null {
  if (!TRANSITIONS[verb].from.includes(subject.status)) return null;
  switch (verb) {
    case 'submit':
      return 'pending_approval';
    case 'approve':
      // A reviewed campaign sent back to review (an edit while live, an extension) returns to where it was.
      return subject.reviewReturnsTo ?? 'approved';
    case 'reject':
      return 'rejected';
    case 'launch':
      return 'live';
    case 'pause':
      return 'paused';
    case 'resume':
      return subject.pausedFrom && subject.pausedFrom !== 'paused' ? subject.pausedFrom : 'active';
    case 'setStatus':
      if (!requested || !(ADMIN_SETTABLE_STATUSES as readonly string[]).includes(requested)) return null;
      return requested === subject.status ? null : requested;
  }
}

/** Title, description, goal and end date are editable except while under review. */
export const canEditFields = (status: CampaignStatus) => status !== 'pending_approval';

/** Members are added and removed except under review and once a campaign is over. */
export const canChangeTeam = (status: CampaignStatus) =>
  status !== 'pending_approval' && status !== 'completed' && status !== 'cancelled';

/** An invitee can accept (approve their share) unless the campaign was cancelled. */
export const canAcceptInvitation = (status: CampaignStatus) => status !== 'cancelled';

/**
 * An edit by the owner of a campaign an admin already approved goes back to review; an admin's
 * approval returns it here. Live, approved, and paused from approved or live all return: an approved
 * campaign edited after its review must not go live unreviewed either.
 */
export function reviewReturnTarget(subject: TransitionSubject): CampaignStatus | null {
  if (subject.status === 'live' || subject.status === 'approved') return subject.status;
  if (subject.status === 'paused' && (subject.pausedFrom === 'live' || subject.pausedFrom === 'approved'))
    return subject.pausedFrom;
  return null;
}

// ---------------------------------------------------------------------------------------------
// The four-step progress tracker.

export type StepState = 'completed' | 'current' | 'upcoming';

export interface ProgressStep {
  number: 1 | 2 | 3 | 4;
  label: string;
  state: StepState;
  /** Only the current step is clickable. */
  clickable: boolean;
  warning?: string;
  note?: string;
}

export function stageOf(status: CampaignStatus): 1 | 2 | 3 | 4 {
  switch (status) {
    case 'pending_approval':
      return 2;
    case 'approved':
      return 3;
    case 'live':
    case 'paused':
    case 'completed':
      return 4;
    default:
      return 1;
  }
}

export const STEP_FILL_PERCENT = 33.33;

export function progressSteps(status: CampaignStatus, allMembersApproved: boolean): ProgressStep[] {
  const stage = stageOf(status);
  const done = status === 'completed';
  const stateOf = (n: number): StepState =>
    n < stage || (done && n === 4) ? 'completed' : n === stage ? 'current' : 'upcoming';
  const waiting = displayStatus(status, allMembersApproved) === WAITING_FOR_TEAM;
  const steps: ProgressStep[] = [
    { number: 1, label: CAMPAIGN_TEXT.stepCreate, state: stateOf(1), clickable: false },
    {
      number: 2,
      label: CAMPAIGN_TEXT.stepSubmit,
      state: stateOf(2),
      clickable: false,
      ...(waiting ? { warning: CAMPAIGN_TEXT.pendingFromContributor } : {}),
    },
    { number: 3, label: CAMPAIGN_TEXT.stepLaunch, state: stateOf(3), clickable: false },
    done
      ? {
          number: 4,
          label: CAMPAIGN_TEXT.stepComplete,
          state: stateOf(4),
          clickable: false,
          note: CAMPAIGN_TEXT.campaignEnded,
        }
      : { number: 4, label: CAMPAIGN_TEXT.stepLive, state: stateOf(4), clickable: false },
  ];
  for (const s of steps) s.clickable = s.state === 'current' && status !== 'cancelled';
  return steps;
}

/** The connecting line fills 33.33 % per completed step. */
export function progressFill(steps: readonly ProgressStep[]): number {
  const completed = steps.filter((s) => s.state === 'completed').length;
  return Math.min(100, Math.round(completed * STEP_FILL_PERCENT * 100) / 100);
}
