import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { campaigns, checkoutSessions, ledgerGroups } from '../../functions/db/schema';
import { MSG } from '../../functions/lib/messages';
import { manualClock } from '../../functions/platform/clock';
import { campaignFunding, startCampaignCheckout } from '../../functions/services/payments/campaign-checkout';
import { receiveStripeEvent } from '../../functions/services/payments/receive-event';
import { campaignEndsAt, utcToday } from '../../functions/shared/campaigns/end-date';
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
import { call } from './support';

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
      pausedReason: MSG.campaignEnding,
    });
    await expect(checkoutAt(c.end - 30 * MIN, c.id)).rejects.toMatchObject({
      status: 409,
      message: MSG.campaignEnding,
    });
    await expect(checkoutAt(c.end - 1000, c.id)).rejects.toMatchObject({ status: 409, message: MSG.campaignEnding });
    await expect(checkoutAt(c.end, c.id)).rejects.toMatchObject({ status: 409, message: MSG.campaignEnded });
    expect(await sessionsOf(c.id)).toEqual([]);
    expect(await fundingAt(c.end + 1000)).toMatchObject({ takingPayments: false, pausedReason: MSG.campaignEnded });
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
