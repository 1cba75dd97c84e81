import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaigns, notifications } from '../../../functions/db/schema';
import { durableObjectDoorbell } from '../../../functions/realtime/doorbell';
import type { UserChannel } from '../../../functions/realtime/user-channel';
import { addMember, rejectCampaign } from '../../../functions/services/campaigns';
import { receiveStripeEvent } from '../../../functions/services/webhooks';
import { TEST_SYSTEM } from '../../support/actors';
import { makeCampaign } from '../campaign-factories';
import { asViewer, makeUser, type TestUser } from '../factories';
import { db, registerMoneyTestHooks, sessionCompleted, testPayment } from '../stripe-support';
import { call, env, testDeps } from '../worker-call';

registerMoneyTestHooks();

/**
 * The real Durable Object doorbell over a namespace whose objects cannot be reached: every push
 * fails, as when the user's channel object is unavailable. The pushes tried are counted.
 */
function unreachableChannels() {
  const pushed: string[] = [];
  const ns = {
    idFromName: (name: string) => env.USER_CHANNEL.idFromName(name),
    get: (id: DurableObjectId) => ({
      push: async () => {
        pushed.push(id.toString());
        throw new Error('Durable Object unreachable (injected)');
      },
    }),
  } as unknown as DurableObjectNamespace<UserChannel>;
  return { bell: durableObjectDoorbell(ns), pushed };
}

interface Page {
  items: { id: string; title: string; message: string; cursor: string }[];
}

const notificationsOf = async (u: TestUser, after?: string) => {
  const res = await call(`/api/notifications${after ? `?after=${encodeURIComponent(after)}` : ''}`, {
    headers: { cookie: u.cookie },
  });
  expect(res.status).toBe(200);
  return res.json<Page>();
};

/** The newest notification's cursor a user's tab has seen (a notice made just for this). */
async function seenUpTo(u: TestUser, owner: TestUser) {
  const c = await makeCampaign({ owner, status: 'pending_approval' });
  await rejectCampaign(testDeps(), asViewer(admin, ['viewer', 'admin']), c.id, 'seen');
  const page = await notificationsOf(u);
  const newest = page.items[0];
  if (!newest) throw new Error('no notification to start from');
  return newest.cursor;
}

let owner: TestUser;
let invitee: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [owner, invitee, admin] = await Promise.all([
    makeUser(['contributor'], 'owner'),
    makeUser([], 'invitee'),
    makeUser(['admin'], 'admin'),
  ]);
});

describe('an unreachable Durable Object loses no notification: the row is the truth, the client catches up', () => {
  it('add member: the verb succeeds, the invitation is written, and the invitee’s tab finds it after its cursor', async () => {
    const cursor = await seenUpTo(invitee, invitee);
    const c = await makeCampaign({ owner, status: 'active' });
    const { bell, pushed } = unreachableChannels();
    const member = await addMember(testDeps({ bell }), asViewer(owner, ['viewer', 'contributor']), c.id, {
      userId: invitee.id,
    });
    expect(member.contributorId).toBe(invitee.id);
    expect(pushed).toEqual([env.USER_CHANNEL.idFromName(invitee.id).toString()]);
    const missed = await notificationsOf(invitee, cursor);
    expect(missed.items.map((n) => n.title)).toEqual(['Campaign invitation']);
  });

  it('reject: the owner is told in the row even though the push failed', async () => {
    const cursor = await seenUpTo(owner, owner);
    const c = await makeCampaign({ owner, status: 'pending_approval' });
    const { bell, pushed } = unreachableChannels();
    const rejected = await rejectCampaign(testDeps({ bell }), asViewer(admin, ['viewer', 'admin']), c.id, 'No');
    expect(rejected.status).toBe('rejected');
    expect(pushed).toHaveLength(1);
    expect((await notificationsOf(owner, cursor)).items.map((n) => n.title)).toEqual(['Campaign rejected']);
  });

  it('a credit that reaches a milestone: credited, the vote open, every voter’s notice written', async () => {
    const c = await makeCampaign({ owner, status: 'live' });
    await db().update(campaigns).set({ goalAmount: 1000 }).where(eq(campaigns.id, c.id));
    const cursor = await seenUpTo(owner, owner);
    const event = sessionCompleted(testPayment(1500, c.id)) as unknown as Stripe.Event;
    const { bell, pushed } = unreachableChannels();
    const receipt = await receiveStripeEvent(testDeps({ bell }), TEST_SYSTEM, event, 'platform');
    expect(receipt).toEqual({ duplicate: false, handled: true });
    const row = await db().select().from(campaigns).where(eq(campaigns.id, c.id)).get();
    expect(row).toMatchObject({ currentAmount: 1500, extensionPending: true, milestoneCount: 1 });
    // Both rings failed: the vote's notice and the team's tally of new backers.
    expect(pushed).toHaveLength(2);
    const title = row?.title ?? '';
    const items = (await notificationsOf(owner, cursor)).items.map((n) => [n.title, n.message]);
    expect(items).toHaveLength(2);
    expect(items).toEqual(
      expect.arrayContaining([
        [title, '1 new backer · $15.00'],
        ['Milestone reached: your vote is needed', expect.any(String)],
      ]),
    );
    const rows = await db().select().from(notifications).where(eq(notifications.campaignId, c.id));
    expect(rows).toHaveLength(2);
  });
});
