import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  campaignExtensionVotes,
  campaignMilestones,
  campaigns,
  checkoutSessions,
  escrowClaims,
  ledgerEntries,
  ledgerGroups,
  notifications,
  payouts,
} from '../../functions/db/schema';
import { TEXT } from '../../functions/domain/texts';
import { silentDoorbell } from '../../functions/realtime/doorbell';
import { createCheckout } from '../../functions/services/payments/internal/create-checkout';
import { receiveStripeEvent } from '../../functions/services/webhooks';
import { TEST_SYSTEM } from '../support/actors';
import { campaignRow, historyOf, makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, type TestUser } from './factories';
import { readyMember } from './payout-factories';
import {
  db,
  deliver,
  eventually,
  intentSucceeded,
  registerMoneyTestHooks,
  sessionCompleted,
  type TestPayment,
  testPayment,
  testPayments,
} from './stripe-support';
import { call, testDeps } from './worker-call';

registerMoneyTestHooks();

const GOAL = 10_000;
const INCREMENT = 50_000;

interface Team {
  id: string;
  owner: TestUser;
  members: TestUser[];
  everyone: TestUser[];
}

/** A live campaign with `contributors` approved members, a small goal and increment. */
async function liveTeam(contributors = 2, fee = 10): Promise<Team> {
  // Joining a team grants the contributor role (accept-invitation.ts).
  const members = await Promise.all(Array.from({ length: contributors }, () => makeUser(['contributor'], 'member')));
  const c = await makeCampaign({ status: 'live', fee, members: members.map((user) => ({ user, approved: true })) });
  await db()
    .update(campaigns)
    .set({ goalAmount: GOAL, initialGoalAmount: GOAL, fundingIncrement: INCREMENT })
    .where(eq(campaigns.id, c.id));
  return { id: c.id, owner: c.owner, members, everyone: [c.owner, ...members] };
}

/** The Checkout Session rows our checkout would have written for these payments, made now. */
async function sessionsFor(payments: TestPayment[], createdAt = new Date()) {
  const rows = payments.map((p) =>
    db()
      .insert(checkoutSessions)
      .values({
        id: p.sessionId,
        reference: p.checkoutRef,
        campaignId: p.campaignId,
        guestEmail: 'guest@example.test',
        amountCents: p.amountCents,
        currency: 'usd',
        status: 'complete',
        expiresAt: new Date(Date.now() + 3_600_000),
        createdAt,
      }),
  );
  const [first, ...rest] = rows;
  if (first) await db().batch([first, ...rest]);
}

/** Credits `amount` through a signed event (a Checkout Session made before any milestone). */
async function pay(campaignId: string, amountCents: number) {
  const p = testPayment(amountCents, campaignId);
  await sessionsFor([p], new Date(Date.now() - 60_000));
  const res = await deliver(sessionCompleted(p));
  expect(res.status).toBe(200);
  return p;
}

const vote = (user: TestUser, campaignId: string, v: boolean, userId = user.id) =>
  call('/api/functions/vote-campaign-extension', jsonInit('POST', { campaignId, userId, vote: v }, user.cookie));

const errorOf = async (res: Response) => (await res.json<{ error: { code: string; message: string } }>()).error;

const milestonesOf = (id: string) =>
  db().select().from(campaignMilestones).where(eq(campaignMilestones.campaignId, id));

const releaseLines = async (campaignId: string, milestone: number) => {
  const group = await db()
    .select()
    .from(ledgerGroups)
    .where(eq(ledgerGroups.idempotencyKey, `release:${campaignId}:${milestone}`))
    .get();
  if (!group) return null;
  const lines = await db().select().from(ledgerEntries).where(eq(ledgerEntries.groupId, group.id));
  return Object.fromEntries(lines.map((l) => [l.account, l.amountCents]));
};

describe('a milestone is reached exactly once, inside the credit batch', () => {
  it('200 concurrent signed payments crossing the goal: raised is the distinct sum, one milestone, one round', async () => {
    const team = await liveTeam(2);
    const payments = Array.from({ length: 200 }, (_, i) => testPayment(100 + i, team.id));
    // Their Checkout Sessions were made before the goal was hit: money in flight is honoured.
    await sessionsFor(payments, new Date(Date.now() - 60_000));
    const events = payments.map((p) => sessionCompleted(p));
    const results = await Promise.all(events.map((e) => deliver(e)));
    for (const r of results) expect(r.status).toBe(200);

    const sum = payments.reduce((s, p) => s + p.amountCents, 0);
    const after = await campaignRow(team.id);
    expect(after).toMatchObject({ currentAmount: sum, milestoneCount: 1, extensionPending: true, extensionVotes: 0 });
    const milestones = await milestonesOf(team.id);
    expect(milestones).toHaveLength(1);
    expect(milestones[0]).toMatchObject({ milestoneNumber: 1, goalAmount: GOAL, payoutStatus: 'pending' });
    expect(milestones[0]?.reachedAt).toBeInstanceOf(Date);

    // Each team member is told once; the notification opens the campaign's progress page.
    for (const member of team.everyone) {
      const notes = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, member.id), eq(notifications.title, TEXT.milestoneReachedTitle)));
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ type: 'other', campaignId: team.id });
    }
    const list = await call('/api/notifications', { headers: { cookie: team.owner.cookie } });
    expect(JSON.stringify(await list.json())).toContain(`/contributor/campaign-progress/${team.id}`);

    // Every event again, and the other announcement of each payment: nothing changes.
    const again = await Promise.all([
      ...events.slice(0, 50).map((e) => deliver(e)),
      ...payments.slice(0, 50).map((p) => deliver(intentSucceeded(p))),
    ]);
    for (const r of again) expect(r.status).toBe(200);
    expect(await campaignRow(team.id)).toMatchObject({ currentAmount: sum, milestoneCount: 1 });
    expect(await milestonesOf(team.id)).toHaveLength(1);
  }, 120_000);

  it('expires the campaign’s open Checkout Sessions when the vote opens', async () => {
    const team = await liveTeam(1);
    const started = await call(
      `/api/campaigns/${team.id}/checkout`,
      jsonInit('POST', { amountCents: 2500, guestEmail: 'fan@example.test' }),
    );
    expect(started.status).toBe(200);
    const { sessionId } = await started.json<{ sessionId: string }>();
    await pay(team.id, GOAL);
    const row = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).get();
    expect(row?.status).toBe('expired');
  });

  it('opens no milestone below the goal', async () => {
    const team = await liveTeam(1);
    await pay(team.id, GOAL - 1);
    expect(await campaignRow(team.id)).toMatchObject({ milestoneCount: 0, extensionPending: false });
    expect(await milestonesOf(team.id)).toEqual([]);
  });
});

describe('payments while the team votes', () => {
  it('credits money in flight when the goal was hit, refunds a payment started after it', async () => {
    const team = await liveTeam(1);
    await pay(team.id, GOAL);
    expect((await campaignRow(team.id))?.extensionPending).toBe(true);
    const reachedAt = (await milestonesOf(team.id))[0]?.reachedAt as Date;

    // In flight: its session was created before reached_at.
    const inFlight = testPayment(700, team.id);
    await sessionsFor([inFlight], new Date(reachedAt.getTime() - 1000));
    expect((await deliver(sessionCompleted(inFlight))).status).toBe(200);
    expect((await campaignRow(team.id))?.currentAmount).toBe(GOAL + 700);

    // Late: a session created after the milestone (the checkout's read raced the crossing), paid in TEST mode.
    const payments = testPayments();
    const late = await createCheckout(
      { db: db(), stripe: payments.stripe },
      {
        campaignId: team.id,
        payer: { guestEmail: 'late@example.test' },
        amountCents: 900,
        description: 'Late donation',
        attemptId: crypto.randomUUID(),
        successUrl: 'http://localhost:4321/donation-success?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'http://localhost:4321/',
      },
    );
    const paid = await call(`${new URL(late.url).pathname}/pay`, {
      method: 'POST',
      headers: { origin: 'http://localhost:4321', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const row = await eventually(async () => {
      const s = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, late.id)).get();
      return s?.status === 'complete' && s.paymentIntentId ? s : null;
    }, 'the late payment');
    const refund = await eventually(
      () =>
        db()
          .select()
          .from(ledgerGroups)
          .where(eq(ledgerGroups.idempotencyKey, `refund:${row.paymentIntentId}`))
          .get(),
      'the refund of the late payment',
    );
    expect(refund.kind).toBe('refund');
    expect((await campaignRow(team.id))?.currentAmount).toBe(GOAL + 700);
  });

  it('a campaign paused between the credit read and its batch takes no money: the batch rolls back, the payment is refunded', async () => {
    const team = await liveTeam(1);
    const p = testPayment(1200, team.id);
    await sessionsFor([p]);
    const refunds: string[] = [];
    const stripe = {
      refunds: { create: async (params: { payment_intent: string }) => refunds.push(params.payment_intent) },
    } as unknown as Stripe;
    // The first batch finds the campaign paused since settle read it.
    const real = db();
    let paused = false;
    const racing = new Proxy(real, {
      get(target, prop, receiver) {
        if (prop !== 'batch') return Reflect.get(target, prop, receiver);
        return async (statements: Parameters<typeof real.batch>[0]) => {
          if (!paused) {
            paused = true;
            await target
              .update(campaigns)
              .set({ status: 'paused', pausedFrom: 'live' })
              .where(eq(campaigns.id, team.id));
          }
          return target.batch(statements);
        };
      },
    });
    await receiveStripeEvent(
      testDeps({ db: racing, stripe, bell: silentDoorbell }),
      TEST_SYSTEM,
      sessionCompleted(p),
      'platform',
    );
    expect(refunds).toEqual([p.pi]);
    expect((await campaignRow(team.id))?.currentAmount).toBe(0);
    const keys = (await db().select().from(ledgerGroups).where(eq(ledgerGroups.paymentIntentId, p.pi))).map(
      (g) => g.idempotencyKey,
    );
    expect(keys.sort()).toEqual([`payment:${p.pi}`, `refund:${p.pi}`]);
  });

  it('a payment naming no campaign of ours is refunded through Stripe; credit and refund recorded, no escrow left', async () => {
    // A real TEST-mode payment whose campaign is gone by the time it is paid.
    const doomed = await makeCampaign({ status: 'live' });
    const payments = testPayments();
    const created = await createCheckout(
      { db: db(), stripe: payments.stripe },
      {
        campaignId: doomed.id,
        payer: { guestEmail: 'orphan@example.test' },
        amountCents: 1500,
        description: 'Orphan donation',
        attemptId: crypto.randomUUID(),
        successUrl: 'http://localhost:4321/donation-success?session_id={CHECKOUT_SESSION_ID}',
        cancelUrl: 'http://localhost:4321/',
      },
    );
    await db().delete(campaigns).where(eq(campaigns.id, doomed.id));
    const paid = await call(`${new URL(created.url).pathname}/pay`, {
      method: 'POST',
      headers: { origin: 'http://localhost:4321', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const refund = await eventually(
      () =>
        db()
          .select()
          .from(ledgerGroups)
          .where(and(eq(ledgerGroups.campaignId, doomed.id), eq(ledgerGroups.kind, 'refund')))
          .get(),
      'the refund of the orphan payment',
    );
    const pi = refund.paymentIntentId as string;
    expect(refund.idempotencyKey).toBe(`refund:${pi}`);
    const escrow = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, `escrow:${doomed.id}`));
    expect(escrow.map((l) => l.amountCents).sort((a, b) => a - b)).toEqual([-1500, 1500]);
  });
});

describe('vote-campaign-extension', () => {
  it('refuses someone else’s vote (403), an outsider (404), an admin who is not on the team (403), no open vote (409)', async () => {
    const team = await liveTeam(1);
    const [owner, member] = team.everyone as [TestUser, TestUser];
    const closed = await vote(owner, team.id, true);
    expect(closed.status).toBe(409);
    expect((await errorOf(closed)).message).toBe(TEXT.voteNotOpen);
    await pay(team.id, GOAL);
    const forOther = await vote(owner, team.id, true, member.id);
    expect(forOther.status).toBe(403);
    expect((await errorOf(forOther)).message).toBe(TEXT.voteOwnOnly);
    const outsider = await makeUser(['contributor']);
    expect((await vote(outsider, team.id, true)).status).toBe(404);
    expect((await vote(outsider, 'no-such-campaign', true)).status).toBe(404);
    const admin = await makeUser(['admin']);
    expect((await vote(admin, team.id, true)).status).toBe(403);
    expect(
      (
        await call(
          '/api/functions/vote-campaign-extension',
          jsonInit('POST', { campaignId: team.id, userId: owner.id, vote: true }),
        )
      ).status,
    ).toBe(401);
    expect(
      (
        await call(
          '/api/functions/vote-campaign-extension',
          jsonInit('POST', { campaignId: team.id, vote: 'yes' }, owner.cookie),
        )
      ).status,
    ).toBe(400);
    expect((await campaignRow(team.id))?.extensionVotes).toBe(0);
  });

  it('concurrent votes by one member count once; the same vote again is 200, a changed vote 409', async () => {
    const team = await liveTeam(2);
    await pay(team.id, GOAL);
    const results = await Promise.all(Array.from({ length: 8 }, () => vote(team.owner, team.id, true)));
    for (const r of results) {
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ votingComplete: false });
    }
    expect((await campaignRow(team.id))?.extensionVotes).toBe(1);
    const rows = await db().select().from(campaignExtensionVotes).where(eq(campaignExtensionVotes.campaignId, team.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ round: 1, userId: team.owner.id, vote: true });
    const changed = await vote(team.owner, team.id, false);
    expect(changed.status).toBe(409);
    expect((await errorOf(changed)).message).toBe(TEXT.voteAlreadyCast);

    const view = await call(`/api/campaigns/${team.id}/extension-vote`, { headers: { cookie: team.owner.cookie } });
    expect(view.status).toBe(200);
    const { extension } = await view.json<{ extension: Record<string, unknown> }>();
    expect(extension).toMatchObject({
      open: true,
      round: 1,
      milestoneNumber: 1,
      goalAmount: GOAL,
      nextGoalAmount: GOAL + INCREMENT,
      votesCast: 1,
      viewerVote: true,
      viewerMayVote: false,
    });
    expect(extension.members).toEqual([
      { userId: team.owner.id, username: team.owner.username, isOriginator: true, vote: true },
      ...team.members.map((m) => ({ userId: m.id, username: m.username, isOriginator: false, vote: null })),
    ]);
  });

  it('all extend (final votes racing): resolves once — goal += increment, payments resume, escrow released by share', async () => {
    const team = await liveTeam(2);
    const p = await pay(team.id, GOAL + 1); // 10,001 cents: the 1 leftover cent goes to the originator
    expect((await vote(team.owner, team.id, true)).status).toBe(200);
    const finals = await Promise.all(team.members.flatMap((m) => [vote(m, team.id, true), vote(m, team.id, true)]));
    for (const r of finals) {
      expect(r.status).toBe(200);
      expect(await r.json()).toEqual({ votingComplete: true });
    }
    const after = await campaignRow(team.id);
    expect(after).toMatchObject({
      status: 'live',
      extensionPending: false,
      goalAmount: GOAL + INCREMENT,
      milestoneCount: 1,
      extensionVotes: 3,
      currentAmount: GOAL + 1,
    });
    expect((await historyOf(team.id)).filter((h) => h.event === 'extended')).toHaveLength(1);
    const view = await call(`/api/campaigns/${team.id}/extension-vote`, { headers: { cookie: team.owner.cookie } });
    expect((await view.json<{ extension: unknown }>()).extension).toMatchObject({
      open: false,
      round: 1,
      outcome: 'extended',
      votesCast: 3,
      viewerMayVote: false,
    });

    // fee 10 % → 1,000; shares 30.0 % each → 3,000; the leftover cent to the originator.
    const [m1, m2] = team.members as [TestUser, TestUser];
    expect(await releaseLines(team.id, 1)).toEqual({
      [`escrow:${team.id}`]: -(GOAL + 1),
      'fee:platform': 1000,
      [`payable:${team.id}:${team.owner.id}`]: 3001,
      [`payable:${team.id}:${m1.id}`]: 3000,
      [`payable:${team.id}:${m2.id}`]: 3000,
    });
    const claims = await db().select().from(escrowClaims).where(eq(escrowClaims.campaignId, team.id));
    expect(claims).toEqual([
      expect.objectContaining({ paymentIntentId: p.pi, claim: 'release', groupKey: `release:${team.id}:1` }),
    ]);
    const rows = await db().select().from(payouts).where(eq(payouts.campaignId, team.id));
    expect(rows.map((r) => [r.userId, r.amountCents, r.status, r.milestoneNumber]).sort()).toEqual(
      [
        [team.owner.id, 3001, 'pending', 1],
        [m1.id, 3000, 'pending', 1],
        [m2.id, 3000, 'pending', 1],
      ].sort(),
    );
    for (const member of team.everyone) {
      const notes = await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, member.id), eq(notifications.title, TEXT.voteExtendedTitle)));
      expect(notes).toHaveLength(1);
    }

    // Payments resume: a checkout is taken again, and the next milestone comes at the new goal.
    const checkout = await call(
      `/api/campaigns/${team.id}/checkout`,
      jsonInit('POST', { amountCents: 2500, guestEmail: 'fan@example.test' }),
    );
    expect(checkout.status).toBe(200);
    await pay(team.id, INCREMENT - 1);
    expect(await campaignRow(team.id)).toMatchObject({ milestoneCount: 2, extensionPending: true });
    expect((await milestonesOf(team.id)).map((m) => [m.milestoneNumber, m.goalAmount]).sort()).toEqual([
      [1, GOAL],
      [2, GOAL + INCREMENT],
    ]);
  });

  it('money in flight that already reaches the next goal: extending reaches the next milestone at once', async () => {
    const team = await liveTeam(1);
    await pay(team.id, GOAL);
    const reachedAt = (await milestonesOf(team.id))[0]?.reachedAt as Date;
    const inFlight = testPayment(INCREMENT, team.id);
    await sessionsFor([inFlight], new Date(reachedAt.getTime() - 1000));
    expect((await deliver(sessionCompleted(inFlight))).status).toBe(200);
    for (const member of team.everyone) expect((await vote(member, team.id, true)).status).toBe(200);
    expect(await campaignRow(team.id)).toMatchObject({
      goalAmount: GOAL + INCREMENT,
      currentAmount: GOAL + INCREMENT,
      milestoneCount: 2,
      extensionPending: true,
      extensionVotes: 0,
    });
    expect((await milestonesOf(team.id)).map((m) => [m.milestoneNumber, m.goalAmount]).sort()).toEqual([
      [1, GOAL],
      [2, GOAL + INCREMENT],
    ]);
    // Milestone 1 released everything in escrow, the in-flight payment included.
    expect((await releaseLines(team.id, 1))?.[`escrow:${team.id}`]).toBe(-(GOAL + INCREMENT));
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, team.owner.id), eq(notifications.title, TEXT.milestoneReachedTitle)));
    expect(told).toHaveLength(2);
  });

  it('one member votes complete → completed; payments stay refused', async () => {
    const team = await liveTeam(1);
    await pay(team.id, GOAL);
    const [owner, member] = team.everyone as [TestUser, TestUser];
    expect(await (await vote(member, team.id, false)).json()).toEqual({ votingComplete: false });
    expect(await (await vote(owner, team.id, true)).json()).toEqual({ votingComplete: true });
    expect(await campaignRow(team.id)).toMatchObject({
      status: 'completed',
      extensionPending: false,
      goalAmount: GOAL,
    });
    const history = await historyOf(team.id);
    expect(history.filter((h) => h.toStatus === 'completed' && h.fromStatus === 'live')).toHaveLength(1);
    const view = await call(`/api/campaigns/${team.id}/extension-vote`, { headers: { cookie: member.cookie } });
    expect((await view.json<{ extension: unknown }>()).extension).toMatchObject({ open: false, outcome: 'completed' });
    // fee 10 % of 10,000 and 45.0 % each.
    expect(await releaseLines(team.id, 1)).toEqual({
      [`escrow:${team.id}`]: -GOAL,
      'fee:platform': 1000,
      [`payable:${team.id}:${owner.id}`]: 4500,
      [`payable:${team.id}:${member.id}`]: 4500,
    });
    const checkout = await call(
      `/api/campaigns/${team.id}/checkout`,
      jsonInit('POST', { amountCents: 2500, guestEmail: 'fan@example.test' }),
    );
    expect(checkout.status).toBe(409);
    // The same vote again after the round closed is still answered: complete.
    expect(await (await vote(owner, team.id, true)).json()).toEqual({ votingComplete: true });
  });
});

describe('payouts follow the vote', () => {
  it('the resolving vote starts the transfers: members with a ready account are paid their payable, others wait', async () => {
    const team = await liveTeam(2);
    const [owner, ready, waiting] = team.everyone as [TestUser, TestUser, TestUser];
    await readyMember(owner);
    await readyMember(ready);
    await pay(team.id, GOAL);
    for (const member of [owner, ready]) expect((await vote(member, team.id, false)).status).toBe(200);
    expect(await (await vote(waiting, team.id, true)).json()).toEqual({ votingComplete: true });

    // fee 10 % of 10,000; 30.0 % each of the three members.
    const rows = await eventually(async () => {
      const r = await db().select().from(payouts).where(eq(payouts.campaignId, team.id));
      return r.filter((p) => p.status === 'completed').length === 2 ? r : null;
    }, 'the two ready members to be paid');
    const byUser = Object.fromEntries(rows.map((p) => [p.userId, p]));
    expect(byUser[owner.id]).toMatchObject({ status: 'completed', amountCents: 3000, milestoneNumber: 1 });
    expect(byUser[ready.id]).toMatchObject({ status: 'completed', amountCents: 3000 });
    expect(byUser[waiting.id]).toMatchObject({ status: 'pending', transferId: null });
    for (const paid of [owner, ready]) {
      expect(byUser[paid.id]?.transferId).toMatch(/^tr_/);
      const lines = await db()
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.kind, 'payout'), eq(ledgerEntries.userId, paid.id)));
      expect(Object.fromEntries(lines.map((l) => [l.account, l.amountCents]))).toEqual({
        [`payable:${team.id}:${paid.id}`]: -3000,
        [`paid:${team.id}:${paid.id}`]: 3000,
      });
    }
  });
});

describe('while the team votes only an admin’s cancel applies', () => {
  it('refuses pause, resume, admin status changes, goal edits and team changes with 409; an admin may cancel', async () => {
    const team = await liveTeam(1);
    await pay(team.id, GOAL);
    const admin = await makeUser(['admin']);
    const owner = team.owner;
    const refusals = [
      call(`/api/campaigns/${team.id}/pause`, jsonInit('POST', {}, owner.cookie)),
      call(`/api/campaigns/${team.id}/status`, jsonInit('POST', { status: 'paused' }, admin.cookie)),
      call(`/api/campaigns/${team.id}/status`, jsonInit('POST', { status: 'completed' }, admin.cookie)),
      call(`/api/campaigns/${team.id}`, jsonInit('PATCH', { goalAmount: 900_000 }, admin.cookie)),
      call(`/api/campaigns/${team.id}`, jsonInit('PATCH', { title: 'A new title' }, owner.cookie)),
    ];
    for (const res of await Promise.all(refusals)) {
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toBe(TEXT.voteInProgress);
    }
    const outsider = await makeUser([], 'candidate');
    const add = await call(
      `/api/campaigns/${team.id}/members`,
      jsonInit('POST', { userId: outsider.id, role: 'Editor' }, owner.cookie),
    );
    expect(add.status).toBe(409);
    expect(await campaignRow(team.id)).toMatchObject({ status: 'live', extensionPending: true });
    const view = await call(`/api/campaigns/${team.id}`, { headers: { cookie: owner.cookie } });
    const { campaign } = await view.json<{ campaign: { viewer: { can: Record<string, boolean> } } }>();
    expect(campaign.viewer.can).toMatchObject({ pause: false, edit: false, manageTeam: false, submit: false });

    const cancel = await call(
      `/api/campaigns/${team.id}/status`,
      jsonInit('POST', { status: 'cancelled' }, admin.cookie),
    );
    expect(cancel.status).toBe(200);
    expect(await campaignRow(team.id)).toMatchObject({ status: 'cancelled', extensionPending: false });
    const late = await vote(owner, team.id, true);
    expect(late.status).toBe(409);
  });
});
