import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  campaignMilestones,
  campaigns,
  ledgerEntries,
  ledgerGroups,
  notifications,
  payouts,
} from '../../functions/db/schema';
import { TEXT } from '../../functions/domain/texts';
import { silentDoorbell } from '../../functions/realtime/doorbell';
import { runScheduled } from '../../functions/scheduled';
import { releaseCompletedCampaign } from '../../functions/services/milestones';
import { TEST_SYSTEM } from '../support/actors';
import { campaignRow, makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, type TestUser } from './factories';
import { readyMember } from './payout-factories';
import { db, deliver, eventually, registerMoneyTestHooks, sessionCompleted, testPayment } from './stripe-support';
import { call, env, testDeps } from './worker-call';

registerMoneyTestHooks();

/** A live campaign (fee 10 %) with one approved member: originator and member 45.0 % each. */
async function liveWithMember() {
  const member = await makeUser(['contributor'], 'member');
  const c = await makeCampaign({ status: 'live', members: [{ user: member, approved: true }] });
  return { id: c.id, owner: c.owner, member };
}

async function pay(campaignId: string, amountCents: number) {
  const p = testPayment(amountCents, campaignId);
  expect((await deliver(sessionCompleted(p))).status).toBe(200);
  return p;
}

const releaseGroups = (campaignId: string) =>
  db()
    .select()
    .from(ledgerGroups)
    .where(and(eq(ledgerGroups.campaignId, campaignId), eq(ledgerGroups.kind, 'release')));

async function releaseLines(campaignId: string) {
  const [group, ...more] = await releaseGroups(campaignId);
  expect(more).toEqual([]);
  if (!group) return null;
  const lines = await db().select().from(ledgerEntries).where(eq(ledgerEntries.groupId, group.id));
  return { key: group.idempotencyKey, lines: Object.fromEntries(lines.map((l) => [l.account, l.amountCents])) };
}

const payoutsOf = (campaignId: string) => db().select().from(payouts).where(eq(payouts.campaignId, campaignId));

describe('a campaign completed by an admin keeps what it raised: the escrow is released by share', () => {
  it('releases once as a closing milestone, tells the team and starts the payouts', async () => {
    const team = await liveWithMember();
    await readyMember(team.owner);
    await pay(team.id, 3_333);
    await pay(team.id, 1_000);
    const admin = await makeUser(['admin']);
    const res = await call(`/api/campaigns/${team.id}/status`, jsonInit('POST', { status: 'completed' }, admin.cookie));
    expect(res.status).toBe(200);

    // After the response: 4,333 → fee 433, 45.0 % = 1,949 each, the leftover cent to the originator.
    const released = await eventually(() => releaseLines(team.id), 'the closing release');
    expect(released).toEqual({
      key: `release:${team.id}:1`,
      lines: {
        [`escrow:${team.id}`]: -4_333,
        'fee:platform': 433,
        [`payable:${team.id}:${team.owner.id}`]: 1_951,
        [`payable:${team.id}:${team.member.id}`]: 1_949,
      },
    });
    const milestones = await db().select().from(campaignMilestones).where(eq(campaignMilestones.campaignId, team.id));
    expect(milestones).toEqual([expect.objectContaining({ milestoneNumber: 1, reachedAt: null })]);
    expect(await campaignRow(team.id)).toMatchObject({ status: 'completed', milestoneCount: 1, currentAmount: 4_333 });

    // The owner's account is ready: paid at once; the member waits for an account.
    const rows = await eventually(async () => {
      const r = await payoutsOf(team.id);
      return r.some((p) => p.status === 'completed') ? r : null;
    }, 'the owner to be paid');
    const byUser = Object.fromEntries(rows.map((p) => [p.userId, p]));
    expect(byUser[team.owner.id]).toMatchObject({ status: 'completed', amountCents: 1_951 });
    expect(byUser[team.member.id]).toMatchObject({ status: 'pending', amountCents: 1_949 });

    for (const who of [team.owner, team.member] as TestUser[]) {
      const told = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, who.id), eq(notifications.title, TEXT.closingReleaseTitle)));
      expect(told).toHaveLength(1);
    }

    // The hourly job finds nothing more to release.
    const hourly = await runScheduled({ cron: '0 * * * *' }, env);
    expect(hourly.closings.filter((r) => r.campaignId === team.id)).toEqual([]);
    expect(await releaseGroups(team.id)).toHaveLength(1);
  });

  it('concurrent runs release once', async () => {
    const team = await liveWithMember();
    await pay(team.id, 10_000);
    await db().update(campaigns).set({ status: 'completed' }).where(eq(campaigns.id, team.id));
    const runs = await Promise.all(
      [0, 1, 2, 3].map(() => releaseCompletedCampaign(testDeps({ bell: silentDoorbell }), TEST_SYSTEM, team.id)),
    );
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await releaseGroups(team.id)).toHaveLength(1);
    expect(await payoutsOf(team.id)).toHaveLength(2);
    expect((await campaignRow(team.id))?.milestoneCount).toBe(1);
  });

  it('a completion interrupted before its release is finished by the hourly job', async () => {
    const team = await liveWithMember();
    await pay(team.id, 5_000);
    // The status changed and the worker stopped before the release committed.
    await db().update(campaigns).set({ status: 'completed' }).where(eq(campaigns.id, team.id));
    const hourly = await runScheduled({ cron: '0 * * * *' }, env);
    expect(hourly.closings.filter((r) => r.campaignId === team.id)).toEqual([
      { campaignId: team.id, milestoneNumber: 1, grossCents: 5_000 },
    ]);
    expect((await releaseLines(team.id))?.lines[`escrow:${team.id}`]).toBe(-5_000);
  });

  it('a campaign with nothing in escrow, or not completed, releases nothing', async () => {
    const empty = await liveWithMember();
    await db().update(campaigns).set({ status: 'completed' }).where(eq(campaigns.id, empty.id));
    expect(await releaseCompletedCampaign(testDeps({ bell: silentDoorbell }), TEST_SYSTEM, empty.id)).toBeNull();
    const live = await liveWithMember();
    await pay(live.id, 2_000);
    expect(await releaseCompletedCampaign(testDeps({ bell: silentDoorbell }), TEST_SYSTEM, live.id)).toBeNull();
    expect(await releaseGroups(live.id)).toEqual([]);
  });
});
