import { describe, expect, it } from 'vitest';
import {
  ADMIN_SETTABLE_STATUSES,
  CAMPAIGN_ACTIONS,
  CAMPAIGN_STATUSES,
  type CampaignAction,
  type CampaignStatus,
  displayStatus,
  mayPerform,
  progressFill,
  progressSteps,
  type Relation,
  reviewReturnTarget,
  STATUS_LABELS,
  stageOf,
  TRANSITION_VERBS,
  type TransitionVerb,
  transitionTarget,
} from '../../functions/domain/campaigns/status';
import { TEXT } from '../../functions/domain/texts';

/** Every allowed transition, written out by hand from the rules in docs/architecture.md; anything else is refused. */
const ALLOWED: Record<Exclude<TransitionVerb, 'setStatus'>, Partial<Record<CampaignStatus, CampaignStatus>>> = {
  submit: { pending: 'pending_approval', active: 'pending_approval', rejected: 'pending_approval' },
  approve: { pending_approval: 'approved' },
  reject: { pending_approval: 'rejected' },
  launch: { approved: 'live' },
  pause: { pending: 'paused', active: 'paused', approved: 'paused', live: 'paused', rejected: 'paused' },
  resume: { paused: 'active' },
};

describe('campaign transitions — every status × every verb', () => {
  for (const verb of Object.keys(ALLOWED) as (keyof typeof ALLOWED)[]) {
    for (const status of CAMPAIGN_STATUSES) {
      const expected = ALLOWED[verb][status] ?? null;
      it(`${verb} from ${status} → ${expected ?? 'refused'}`, () => {
        expect(transitionTarget(verb, { status })).toBe(expected);
      });
    }
  }

  it('resume returns to the status the campaign was paused from', () => {
    for (const from of ['pending', 'active', 'approved', 'live', 'rejected'] as const)
      expect(transitionTarget('resume', { status: 'paused', pausedFrom: from })).toBe(from);
  });

  it('approve returns a campaign sent back to review to where it was', () => {
    expect(transitionTarget('approve', { status: 'pending_approval', reviewReturnsTo: 'live' })).toBe('live');
  });

  for (const status of CAMPAIGN_STATUSES) {
    for (const to of CAMPAIGN_STATUSES) {
      const allowed = to !== status && (ADMIN_SETTABLE_STATUSES as readonly string[]).includes(to);
      it(`admin sets ${status} → ${to}: ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(transitionTarget('setStatus', { status }, to)).toBe(allowed ? to : null);
      });
    }
  }

  it('lists every verb', () => {
    expect([...TRANSITION_VERBS].sort()).toEqual([...Object.keys(ALLOWED), 'setStatus'].sort());
  });

  it('sends an owner’s edit of a reviewed campaign back to review, returning to where it was', () => {
    expect(reviewReturnTarget({ status: 'live' })).toBe('live');
    expect(reviewReturnTarget({ status: 'approved' })).toBe('approved');
    expect(reviewReturnTarget({ status: 'paused', pausedFrom: 'live' })).toBe('live');
    expect(reviewReturnTarget({ status: 'paused', pausedFrom: 'active' })).toBe(null);
    expect(reviewReturnTarget({ status: 'active' })).toBe(null);
  });
});

const RELATIONS: Record<string, Relation> = {
  owner: { isOwner: true, isAdmin: false, isMember: false },
  member: { isOwner: false, isAdmin: false, isMember: true },
  admin: { isOwner: false, isAdmin: true, isMember: false },
  stranger: { isOwner: false, isAdmin: false, isMember: false },
};

const WHO: Record<CampaignAction, string[]> = {
  view: ['owner', 'member', 'admin'],
  edit: ['owner', 'admin'],
  manageTeam: ['owner', 'admin'],
  submit: ['owner', 'admin'],
  pause: ['owner', 'admin'],
  resume: ['owner', 'admin'],
  delete: ['owner', 'admin'],
  approve: ['admin'],
  reject: ['admin'],
  setStatus: ['admin'],
  editFee: ['admin'],
  editCoins: ['admin'],
  launch: ['owner'],
  respond: ['member'],
};

describe('who may do what', () => {
  for (const action of CAMPAIGN_ACTIONS) {
    for (const [name, relation] of Object.entries(RELATIONS)) {
      const allowed = WHO[action].includes(name);
      it(`${action} as ${name}: ${allowed ? 'allowed' : 'refused'}`, () => {
        expect(mayPerform(action, relation)).toBe(allowed);
      });
    }
  }
});

describe('labels and the derived Waiting for Team Approval', () => {
  it('labels the statuses by their product names', () => {
    expect(STATUS_LABELS.active).toBe('Draft');
    expect(STATUS_LABELS.pending_approval).toBe('Pending Review');
    expect(STATUS_LABELS.pending_contributor_approval).toBe('Waiting for Team Approval');
  });

  for (const status of CAMPAIGN_STATUSES) {
    const derived = ['live', 'approved', 'pending_approval'].includes(status);
    it(`${status} with a member not approved shows ${derived ? 'Waiting for Team Approval' : 'itself'}`, () => {
      expect(displayStatus(status, false)).toBe(derived ? 'pending_contributor_approval' : status);
      expect(displayStatus(status, true)).toBe(status);
    });
  }
});

describe('progress tracker', () => {
  it('maps statuses to stages', () => {
    expect(stageOf('active')).toBe(1);
    expect(stageOf('pending_approval')).toBe(2);
    expect(stageOf('approved')).toBe(3);
    for (const s of ['live', 'paused', 'completed'] as const) expect(stageOf(s)).toBe(4);
  });

  it('fills 33.33 % per completed step and makes only the current step clickable', () => {
    const draft = progressSteps('active', true);
    expect(draft.map((s) => s.state)).toEqual(['current', 'upcoming', 'upcoming', 'upcoming']);
    expect(draft.map((s) => s.clickable)).toEqual([true, false, false, false]);
    expect(progressFill(draft)).toBe(0);
    const review = progressSteps('pending_approval', true);
    expect(progressFill(review)).toBe(33.33);
    expect(review[1]?.clickable).toBe(true);
    expect(progressFill(progressSteps('approved', true))).toBe(66.66);
    expect(progressFill(progressSteps('live', true))).toBe(99.99);
  });

  it("warns 'Pending approval from contributor' on step 2 while the derived state applies", () => {
    expect(progressSteps('live', false)[1]?.warning).toBe(TEXT.pendingFromContributor);
    expect(progressSteps('live', true)[1]?.warning).toBeUndefined();
    expect(progressSteps('active', false)[1]?.warning).toBeUndefined();
  });

  it("shows 'Campaign Complete' and 'Campaign has ended' when completed", () => {
    const steps = progressSteps('completed', true);
    expect(steps[3]?.label).toBe(TEXT.stepComplete);
    expect(steps[3]?.note).toBe(TEXT.campaignEnded);
    expect(steps.every((s) => s.state === 'completed' && !s.clickable)).toBe(true);
    expect(progressFill(steps)).toBe(100);
    expect(progressSteps('live', true)[3]?.label).toBe(TEXT.stepLive);
  });
});
