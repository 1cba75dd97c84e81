import { formatMoney } from '../money/format';
import type { CampaignStatus } from './status';

/**
 * What a visitor (anyone, signed in or not) sees of a campaign: whether it is public at all, its
 * state in words, and the milestone it is working towards. The film page, the fund and donate pages,
 * the creator profile and the live figures all read these; see docs/campaign-page.md.
 */

/** The fields that decide whether a campaign is public. */
export interface PublicSubject {
  status: CampaignStatus;
  /** Where an admin's approval returns a campaign that went back to review; null otherwise. */
  reviewReturnsTo: CampaignStatus | null;
}

/**
 * Live, paused and completed campaigns are public, and so is a launched campaign while an edit of it
 * is reviewed (it took money in public and will again). Drafts, campaigns waiting for their first
 * review, approved but not launched, rejected and cancelled ones are seen only by their team and
 * admins.
 */
export function isPublicCampaign(c: PublicSubject): boolean {
  if (c.status === 'live' || c.status === 'paused' || c.status === 'completed') return true;
  return c.status === 'pending_approval' && c.reviewReturnsTo === 'live';
}

export const PUBLIC_STATES = ['funding', 'paused', 'in_review', 'waiting_for_team', 'voting', 'ended'] as const;
export type PublicState = (typeof PUBLIC_STATES)[number];

/** The state in words, as the film page and the creator profile show it. */
export const PUBLIC_STATE_LABELS: Record<PublicState, string> = {
  funding: 'Funding',
  paused: 'Paused',
  in_review: 'Paused while changes are reviewed',
  waiting_for_team: 'Paused while the team approves a change',
  voting: 'The team is voting on the next goal',
  ended: 'Funding ended',
};

export interface StateSubject extends PublicSubject {
  /** A milestone's vote is open. */
  extensionPending: boolean;
  /** Every member approved the split in force (no proposal waits for anyone). */
  teamApproved: boolean;
  /** The campaign's end date has passed (the completion job may not have run yet). */
  ended: boolean;
}

/** The one public state of a campaign, the first that applies: ended, paused, in review, voting, waiting, funding. */
export function publicState(c: StateSubject): PublicState {
  if (c.status === 'completed' || c.status === 'cancelled' || c.ended) return 'ended';
  if (c.status === 'paused') return 'paused';
  if (c.status === 'pending_approval') return 'in_review';
  if (c.extensionPending) return 'voting';
  if (!c.teamApproved) return 'waiting_for_team';
  return 'funding';
}

export interface MilestoneSubject {
  /** The current goal (the initial goal plus every extension), cents. */
  goalCents: number;
  initialGoalCents: number;
  /** What each extension adds, cents. */
  incrementCents: number;
  /** Milestones reached so far. */
  milestoneCount: number;
  raisedCents: number;
}

export interface CurrentMilestone {
  /** 1 is the goal; each later one is the goal plus one more increment per extension. */
  number: number;
  targetCents: number;
  reached: boolean;
  /** "Milestone 1 · the $1,000.00 goal" or "Milestone 2 · $11,000.00". */
  label: string;
  /** How milestones are counted, in one sentence. */
  rule: string;
}

/**
 * The milestone a campaign is working towards, or the one it reached while the team votes or
 * after it completed: the first milestone is the goal itself, each later one adds the increment.
 */
export function currentMilestone(m: MilestoneSubject): CurrentMilestone {
  const reached = m.raisedCents >= m.goalCents && m.milestoneCount > 0;
  const number = reached ? m.milestoneCount : m.milestoneCount + 1;
  const target = m.goalCents;
  const label =
    number === 1 ? `Milestone 1 · the ${formatMoney(target)} goal` : `Milestone ${number} · ${formatMoney(target)}`;
  return {
    number,
    targetCents: target,
    reached,
    label,
    rule: milestoneRule(m.initialGoalCents, m.incrementCents),
  };
}

/** How milestones are counted: the first is the initial goal, then one per increment beyond it. */
export const milestoneRule = (initialGoalCents: number, incrementCents: number) =>
  `The first milestone is the ${formatMoney(initialGoalCents)} goal; each one after it adds ${formatMoney(incrementCents)}.`;
