import { describe, expect, it } from 'vitest';
import {
  currentMilestone,
  isPublicCampaign,
  PUBLIC_STATE_LABELS,
  publicState,
} from '../../functions/domain/campaigns/public-state';
import { CAMPAIGN_STATUSES, type CampaignStatus } from '../../functions/domain/campaigns/status';

describe('which campaigns anyone may see', () => {
  it.each(CAMPAIGN_STATUSES.map((s) => [s]))('%s', (status: CampaignStatus) => {
    const expected = ['live', 'paused', 'completed'].includes(status);
    expect(isPublicCampaign({ status, reviewReturnsTo: null })).toBe(expected);
  });

  it('a launched campaign in review after an edit stays public; one never launched does not', () => {
    expect(isPublicCampaign({ status: 'pending_approval', reviewReturnsTo: 'live' })).toBe(true);
    expect(isPublicCampaign({ status: 'pending_approval', reviewReturnsTo: 'approved' })).toBe(false);
    expect(isPublicCampaign({ status: 'pending_approval', reviewReturnsTo: null })).toBe(false);
  });
});

describe('the state in words', () => {
  const base = {
    status: 'live' as CampaignStatus,
    reviewReturnsTo: null,
    extensionPending: false,
    teamApproved: true,
    ended: false,
  };
  it.each([
    [{}, 'Funding'],
    [{ status: 'paused' }, 'Paused'],
    [{ status: 'pending_approval', reviewReturnsTo: 'live' }, 'Paused while changes are reviewed'],
    [{ teamApproved: false }, 'Paused while the team approves a change'],
    [{ extensionPending: true }, 'The team is voting on the next goal'],
    [{ extensionPending: true, teamApproved: false }, 'The team is voting on the next goal'],
    [{ status: 'completed' }, 'Funding ended'],
    [{ ended: true }, 'Funding ended'],
    [{ ended: true, extensionPending: true }, 'Funding ended'],
  ] as const)('%o → %s', (change, label) => {
    expect(PUBLIC_STATE_LABELS[publicState({ ...base, ...change })]).toBe(label);
  });
});

describe('the current milestone: the goal first, then each increment', () => {
  const m = { goalCents: 100_000, initialGoalCents: 100_000, incrementCents: 1_000_000, milestoneCount: 0 };
  it('before the goal: milestone 1 is the goal', () => {
    expect(currentMilestone({ ...m, raisedCents: 50_000 })).toMatchObject({
      number: 1,
      targetCents: 100_000,
      reached: false,
      label: 'Milestone 1 · the $1,000.00 goal',
      rule: 'The first milestone is the $1,000.00 goal; each one after it adds $10,000.00.',
    });
  });
  it('the goal reached (the team votes): milestone 1, reached', () => {
    expect(currentMilestone({ ...m, milestoneCount: 1, raisedCents: 105_000 })).toMatchObject({
      number: 1,
      reached: true,
    });
  });
  it('extended once: milestone 2 is the goal plus one increment', () => {
    expect(currentMilestone({ ...m, goalCents: 1_100_000, milestoneCount: 1, raisedCents: 105_000 })).toMatchObject({
      number: 2,
      targetCents: 1_100_000,
      reached: false,
      label: 'Milestone 2 · $11,000.00',
    });
  });
});
