import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  campaignStatusHistory,
  campaigns,
  checkoutSessions,
  ledgerGroups,
  notifications,
} from '../../functions/db/schema';
import { campaignEndsAt, utcToday } from '../../functions/domain/campaigns/end-date';
import { TEXT } from '../../functions/domain/texts';
import { manualClock } from '../../functions/platform/clock';
import { runScheduled } from '../../functions/scheduled';
import { completeEndedCampaign, completeEndedCampaigns } from '../../functions/services/campaigns';
import { campaignFunding, startCampaignCheckout } from '../../functions/services/payments';
import { receiveStripeEvent } from '../../functions/services/webhooks';
import { ANYONE, TEST_SYSTEM } from '../support/actors';
import { makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, type TestUser } from './factories';
import {
  db,
  eventually,
  linesFor,
  registerMoneyTestHooks,
  sessionCompleted,
  testPayment,
  testPayments,
} from './stripe-support';
import { call, env } from './worker-call';

registerMoneyTestHooks();

const MIN = 60_000;
const HOUR = 60 * MIN;

/** A live campaign whose last day is the UTC date `hours` from now: it ends at that day's end. */
async function liveEndingAround(hours: number) {
  const campaign = await makeCampaign({ status: 'live' });
  const endDate = utcToday(new Date(Date.now() + hours * HOUR));
  await db().update(campaigns).set({ endDate }).where(eq(campaigns.id, campaign.id));
  return { ...campaign, endDate, end: campaignEndsAt(endDate).getTime() };
}

const raised = async (id: string) =>
  (await db().select({ v: campaigns.currentAmount }).from(campaigns).where(eq(campaigns.id, id)).get())?.v;
const sessionsOf = (id: string) => db().select().from(checkoutSessions).where(eq(checkoutSessions.campaignId, id));
const refundOf = (pi: string) =>
  db()
    .select()
    .from(ledgerGroups)
    .where(eq(ledgerGroups.idempotencyKey, `refund:${pi}`))
    .get();
const checkoutAt = (at: number, campaignId: string) =>
  startCampaignCheckout(testPayments({ clock: manualClock(at) }), ANYONE, campaignId, {
    amountCents: 2500,
    guestEmail: 'fan@example.test',
    attemptId: crypto.randomUUID(),
  });

let admin: TestUser | null = null;
const moveServerClock = (offsetMs: number) =>
  call('/api/dev/clock', {
    ...jsonInit('PUT', { offsetMs }),
    headers: { ...jsonHeaders, cookie: admin?.cookie ?? '' },
  });
const jsonHeaders = { 'content-type': 'application/json', origin: 'http://localhost:4321' };
afterEach(async () => {
  if (admin) await moveServerClock(0);
});

describe('a campaign ends at the end of its end date (UTC, inclusive)', () => {
  it('is the first instant of the next UTC day', () => {
    expect(campaignEndsAt('2026-03-01').toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });

  it('opens checkouts until 30 minutes before the end, then refuses them at once with a clear 409', async () => {
    const c = await liveEndingAround(0);
    const fundingAt = (at: number) => campaignFunding(testPayments({ clock: manualClock(at) }), ANYONE, c.id);
    expect(await fundingAt(c.end - 31 * MIN)).toMatchObject({ takingPayments: true, pausedReason: null });
    expect(await fundingAt(c.end - 30 * MIN)).toMatchObject({
      takingPayments: false,
      pausedReason: TEXT.campaignEnding,
    });
    await expect(checkoutAt(c.end - 30 * MIN, c.id)).rejects.toMatchObject({
      code: 'conflict',
      message: TEXT.campaignEnding,
    });
    await expect(checkoutAt(c.end - 1000, c.id)).rejects.toMatchObject({
      code: 'conflict',
      message: TEXT.campaignEnding,
    });
    await expect(checkoutAt(c.end, c.id)).rejects.toMatchObject({ code: 'conflict', message: TEXT.campaignEnded });
    expect(await sessionsOf(c.id)).toEqual([]);
    expect(await fundingAt(c.end + 1000)).toMatchObject({ takingPayments: false, pausedReason: TEXT.campaignEnded });
  });

  it("caps a Checkout Session's expiry at the end", async () => {
    // Stripe (TEST mode) checks expires_at against its own time, so this runs on the real time:
    // the end is 1 to 25 hours away, capped unless it is more than Stripe's 24 hours.
    const c = await liveEndingAround(1);
    const res = await call(
      `/api/campaigns/${c.id}/checkout`,
      jsonInit('POST', { amountCents: 2500, guestEmail: 'fan@example.test' }),
    );
    expect(res.status).toBe(200);
    const [row] = await sessionsOf(c.id);
    expect(row.expiresAt.getTime()).toBeLessThanOrEqual(c.end);
    if (c.end - Date.now() < 24 * HOUR - MIN) expect(row.expiresAt.getTime()).toBe(c.end);
  });

  it('credits a payment arriving one second before the end', async () => {
    const c = await liveEndingAround(0);
    const p = testPayment(1200, c.id);
    await receiveStripeEvent(
      testPayments({ clock: manualClock(c.end - 1000) }),
      TEST_SYSTEM,
      sessionCompleted(p),
      'platform',
    );
    expect(await raised(c.id)).toBe(1200);
    expect(await refundOf(p.pi)).toBeUndefined();
  });

  it('refunds through Stripe a payment that arrives after the end, as for a paused campaign', async () => {
    admin = await makeUser(['admin'], 'endadmin');
    const c = await liveEndingAround(24);
    const res = await call(
      `/api/campaigns/${c.id}/checkout`,
      jsonInit('POST', { amountCents: 3000, guestEmail: 'fan@example.test' }),
    );
    expect(res.status).toBe(200);
    const { url, sessionId } = await res.json<{ url: string; sessionId: string }>();
    // The server's clock one second past the end: the payment's event arrives after it.
    expect((await moveServerClock(c.end + 1000 - Date.now())).status).toBe(200);
    const pay = await call(`${new URL(url).pathname}/pay`, {
      method: 'POST',
      headers: { origin: 'http://localhost:4321', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    const row = await eventually(async () => {
      const r = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).get();
      return r?.status === 'complete' ? r : null;
    }, 'the payment to arrive');
    const pi = row.paymentIntentId as string;
    const refund = await eventually(() => refundOf(pi), 'the refund group');
    expect(refund.kind).toBe('refund');
    expect(await raised(c.id)).toBe(0);
    expect((await linesFor(pi)).reduce((s, l) => (l.account === `escrow:${c.id}` ? s + l.amountCents : s), 0)).toBe(0);
  });
});

/** A live campaign (fee 10 %) with an approved member, paid into by a signed-in backer through checkout. */
async function paidLiveCampaign(amountCents: number) {
  const member = await makeUser(['contributor'], 'member');
  const backer = await makeUser([], 'backer');
  const c = await makeCampaign({ status: 'live', members: [{ user: member, approved: true }] });
  const res = await call(`/api/campaigns/${c.id}/checkout`, jsonInit('POST', { amountCents }, backer.cookie));
  expect(res.status).toBe(200);
  const { url } = await res.json<{ url: string }>();
  const pay = await call(`${new URL(url).pathname}/pay`, {
    method: 'POST',
    headers: { origin: 'http://localhost:4321', 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });
  expect(pay.status).toBe(303);
  await eventually(async () => ((await raised(c.id)) === amountCents ? true : null), 'the payment to be credited');
  return { ...c, member: member, backer };
}

/** Moves the campaign's last day to yesterday (UTC): its end has passed. */
const endedYesterday = (id: string) =>
  db()
    .update(campaigns)
    .set({ endDate: utcToday(new Date(Date.now() - 24 * HOUR)) })
    .where(eq(campaigns.id, id));

const releaseGroups = (id: string) =>
  db()
    .select()
    .from(ledgerGroups)
    .where(and(eq(ledgerGroups.campaignId, id), eq(ledgerGroups.kind, 'release')));
const completions = (id: string) =>
  db()
    .select()
    .from(campaignStatusHistory)
    .where(and(eq(campaignStatusHistory.campaignId, id), eq(campaignStatusHistory.toStatus, 'completed')));
const endedNotices = (userId: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, TEXT.campaignEnded)));

describe('a live campaign completes at its end', () => {
  it('is not completed before its end; after it: completed, released once, team and backers told', async () => {
    const c = await paidLiveCampaign(4_000);
    const end = campaignEndsAt(
      (await db().select().from(campaigns).where(eq(campaigns.id, c.id)).get())?.endDate ?? '',
    );
    expect(
      await completeEndedCampaign(testPayments({ clock: manualClock(end.getTime() - 1000) }), TEST_SYSTEM, c.id),
    ).toBe(false);
    expect((await db().select().from(campaigns).where(eq(campaigns.id, c.id)).get())?.status).toBe('live');

    const after = testPayments({ clock: manualClock(end.getTime()) });
    expect(await completeEndedCampaigns(after, TEST_SYSTEM)).toContain(c.id);
    await after.settled();
    expect((await db().select().from(campaigns).where(eq(campaigns.id, c.id)).get())?.status).toBe('completed');
    const [release, ...more] = await releaseGroups(c.id);
    expect(more).toEqual([]);
    expect(release?.idempotencyKey).toBe(`release:${c.id}:1`);
    for (const who of [c.owner, c.member, c.backer]) {
      const told = await endedNotices(who.id);
      expect(told).toHaveLength(1);
      expect(told[0]?.type).toBe('info');
    }
    // Again: nothing more.
    expect(await completeEndedCampaigns(after, TEST_SYSTEM)).not.toContain(c.id);
    expect(await releaseGroups(c.id)).toHaveLength(1);
    expect(await completions(c.id)).toHaveLength(1);
  });

  it('completes and releases exactly once when the hourly job, another run and an admin act at once', async () => {
    const c = await paidLiveCampaign(5_000);
    await endedYesterday(c.id);
    const admin = await makeUser(['admin'], 'endadmin');
    const [, , , adminRes] = await Promise.all([
      runScheduled({ cron: '0 * * * *' }, env),
      completeEndedCampaign(testPayments(), TEST_SYSTEM, c.id),
      completeEndedCampaign(testPayments(), TEST_SYSTEM, c.id),
      call(`/api/campaigns/${c.id}/status`, jsonInit('POST', { status: 'completed' }, admin.cookie)),
    ]);
    expect([200, 409]).toContain(adminRes.status);
    await eventually(async () => ((await releaseGroups(c.id)).length ? true : null), 'the closing release');
    await runScheduled({ cron: '0 * * * *' }, env);
    expect(await releaseGroups(c.id)).toHaveLength(1);
    expect(await completions(c.id)).toHaveLength(1);
    const told = await endedNotices(c.member.id);
    // Told once when the end completed it; not at all when the admin's completion won.
    expect(told.length).toBe(adminRes.status === 409 ? 1 : 0);
  });

  it('a campaign whose team is voting at its end is not completed until the vote finishes', async () => {
    const c = await paidLiveCampaign(1_000);
    await endedYesterday(c.id);
    await db().update(campaigns).set({ extensionPending: true }).where(eq(campaigns.id, c.id));
    expect(await completeEndedCampaigns(testPayments(), TEST_SYSTEM)).not.toContain(c.id);
    expect((await db().select().from(campaigns).where(eq(campaigns.id, c.id)).get())?.status).toBe('live');
  });
});
