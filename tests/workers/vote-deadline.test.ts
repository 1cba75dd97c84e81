import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignMilestones, campaigns, ledgerGroups, notifications } from '../../functions/db/schema';
import { utcToday } from '../../functions/domain/campaigns/end-date';
import { TEXT } from '../../functions/domain/texts';
import { manualClock } from '../../functions/platform/clock';
import { completeEndedCampaigns } from '../../functions/services/campaigns';
import { closeExpiredVotes } from '../../functions/services/milestones';
import { TEST_SYSTEM } from '../support/actors';
import { campaignRow, historyOf, makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, type TestUser } from './factories';
import { db, deliver, registerMoneyTestHooks, sessionCompleted, testPayment, testPayments } from './stripe-support';
import { call } from './worker-call';

registerMoneyTestHooks();

const DAY = 86_400_000;
const GOAL = 10_000;

/** A live campaign with two approved members whose goal was just reached: its team votes. */
async function votingTeam() {
  const members = await Promise.all([makeUser(['contributor'], 'member'), makeUser(['contributor'], 'member')]);
  const c = await makeCampaign({ status: 'live', members: members.map((user) => ({ user, approved: true })) });
  await db()
    .update(campaigns)
    .set({ goalAmount: GOAL, initialGoalAmount: GOAL, fundingIncrement: 50_000 })
    .where(eq(campaigns.id, c.id));
  expect((await deliver(sessionCompleted(testPayment(GOAL, c.id)))).status).toBe(200);
  expect((await campaignRow(c.id))?.extensionPending).toBe(true);
  const m = await db()
    .select()
    .from(campaignMilestones)
    .where(and(eq(campaignMilestones.campaignId, c.id), eq(campaignMilestones.milestoneNumber, 1)))
    .get();
  return { id: c.id, owner: c.owner, members, reachedAt: m?.reachedAt?.getTime() ?? 0 };
}

const vote = (user: TestUser, campaignId: string, v: boolean) =>
  call(
    '/api/functions/vote-campaign-extension',
    jsonInit('POST', { campaignId, userId: user.id, vote: v }, user.cookie),
  );
const releases = (id: string) =>
  db()
    .select()
    .from(ledgerGroups)
    .where(and(eq(ledgerGroups.campaignId, id), eq(ledgerGroups.kind, 'release')));

describe('a milestone vote stays open at most 7 days', () => {
  it('closes after 7 days with the non-voters counted as complete, and not before', async () => {
    const t = await votingTeam();
    expect((await vote(t.owner, t.id, true)).status).toBe(200);
    expect((await vote(t.members[0] as TestUser, t.id, true)).status).toBe(200);
    const at = (ms: number) => testPayments({ clock: manualClock(t.reachedAt + ms) });

    expect(await closeExpiredVotes(at(7 * DAY - 1000), TEST_SYSTEM)).not.toContain(t.id);
    expect(await campaignRow(t.id)).toMatchObject({ status: 'live', extensionPending: true });

    expect(await closeExpiredVotes(at(7 * DAY), TEST_SYSTEM)).toContain(t.id);
    expect(await campaignRow(t.id)).toMatchObject({ status: 'completed', extensionPending: false });
    const history = await historyOf(t.id);
    expect(history.at(-1)?.reason).toContain('members who did not vote count as complete');
    expect(await releases(t.id)).toHaveLength(1);
    // Closed once: another run finds nothing.
    expect(await closeExpiredVotes(at(8 * DAY), TEST_SYSTEM)).not.toContain(t.id);
    expect(await releases(t.id)).toHaveLength(1);
  });

  it('a vote open at the end finishes first; the campaign completes with it', async () => {
    const t = await votingTeam();
    const yesterday = utcToday(new Date(Date.now() - DAY));
    await db().update(campaigns).set({ endDate: yesterday }).where(eq(campaigns.id, t.id));
    expect(await completeEndedCampaigns(testPayments(), TEST_SYSTEM)).not.toContain(t.id);
    expect(await closeExpiredVotes(testPayments({ clock: manualClock(t.reachedAt + 7 * DAY) }), TEST_SYSTEM)).toContain(
      t.id,
    );
    expect(await campaignRow(t.id)).toMatchObject({ status: 'completed', extensionPending: false });
    expect(await releases(t.id)).toHaveLength(1);
  });
});

describe('an extend past the end date', () => {
  it('completes the campaign; the owner continues with a new end date that goes back to review', async () => {
    const t = await votingTeam();
    const yesterday = utcToday(new Date(Date.now() - DAY));
    await db().update(campaigns).set({ endDate: yesterday }).where(eq(campaigns.id, t.id));
    for (const who of [t.owner, ...t.members]) expect((await vote(who, t.id, true)).status).toBe(200);

    const row = await campaignRow(t.id);
    expect(row).toMatchObject({ status: 'completed', extensionPending: false, goalAmount: GOAL });
    expect(await releases(t.id)).toHaveLength(1);
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, t.owner.id), eq(notifications.title, TEXT.voteCompletedTitle)));
    expect(told.map((n) => n.message)).toEqual([expect.stringContaining('its end date has passed')]);

    const newEnd = utcToday(new Date(Date.now() + 30 * DAY));
    const edited = await call(`/api/campaigns/${t.id}`, jsonInit('PATCH', { endDate: newEnd }, t.owner.cookie));
    expect(edited.status).toBe(200);
    expect(await campaignRow(t.id)).toMatchObject({
      status: 'pending_approval',
      needsAdminReapproval: true,
      endDate: newEnd,
    });
  });
});
