import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  campaigns,
  checkoutSessions,
  escrowClaims,
  escrowRefunds,
  followUps,
  ledgerGroups,
  notifications,
  stripeEvents,
} from '../../functions/db/schema';
import { TEXT } from '../../functions/domain/texts';
import { runDueFollowUps } from '../../functions/follow-ups';
import * as obj from '../../functions/payments/test-mode/objects';
import { TestStore } from '../../functions/payments/test-mode/store';
import { listOutbox } from '../../functions/platform/outbox';
import { silentDoorbell } from '../../functions/realtime/doorbell';
import { runScheduled } from '../../functions/scheduled';
import { ledgerPayment } from '../../functions/services/ledger';
import { escrowRefundStatements } from '../../functions/services/refunds/internal/refund-batch';
import { refundCancelledCampaign } from '../../functions/services/refunds/internal/refund-campaign';
import { TEST_SYSTEM } from '../support/actors';
import { campaignRow, makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, type TestUser } from './factories';
import {
  db,
  deliver,
  eventually,
  holdAtStripe,
  registerMoneyTestHooks,
  sessionCompleted,
  type TestPayment,
  testPayment,
  testPayments,
  uid,
} from './stripe-support';
import { call, env } from './worker-call';

registerMoneyTestHooks();

const store = () => new TestStore(env.KV);
const GUEST = 'guest@example.test';

/** A card payment that Stripe (the TEST responder) holds and our webhook credited to the campaign. */
async function paid(campaignId: string, amountCents: number, payer?: TestUser): Promise<TestPayment> {
  const p = testPayment(amountCents, campaignId);
  await holdAtStripe(p, payer?.id);
  expect((await deliver(sessionCompleted(p, payer?.id))).status).toBe(200);
  return p;
}

const raised = async (id: string) => (await campaignRow(id))?.currentAmount;
const refundGroups = (pis: string[]) =>
  db()
    .select()
    .from(ledgerGroups)
    .where(
      inArray(
        ledgerGroups.idempotencyKey,
        pis.map((pi) => `refund:${pi}`),
      ),
    );
const stripeRefunds = async (pi: string) => (await store().get('payment_intent', pi))?.refunds.length;
const refundRows = (campaignId: string) =>
  db().select().from(escrowRefunds).where(eq(escrowRefunds.campaignId, campaignId));
const released = (p: TestPayment) =>
  db()
    .insert(escrowClaims)
    .values({
      paymentIntentId: p.pi,
      campaignId: p.campaignId,
      claim: 'release',
      groupKey: `release:${p.campaignId}:1`,
    });
const setStatus = (campaignId: string, status: string, cookie: string) =>
  call(`/api/campaigns/${campaignId}/status`, jsonInit('POST', { status }, cookie));
const guestMails = async (title: string) =>
  (await listOutbox(env.KV, { to: GUEST, limit: 200 })).filter((m) => m.text.includes(title));

describe('cancelling a campaign refunds every payment still in escrow, once', () => {
  it('refunds escrowed payments in full (not the released one), tells each payer, and a repeat changes nothing', async () => {
    const admin = await makeUser(['admin']);
    const payer = await makeUser();
    const campaign = await makeCampaign({ status: 'live' });
    const a = await paid(campaign.id, 2500);
    const b = await paid(campaign.id, 1000, payer);
    const c = await paid(campaign.id, 700);
    const r = await paid(campaign.id, 4000);
    await released(r);
    expect(await raised(campaign.id)).toBe(8200);

    // Two admins press Cancel at once: one wins, the other is told the status moved.
    const statuses = (
      await Promise.all([
        setStatus(campaign.id, 'cancelled', admin.cookie),
        setStatus(campaign.id, 'cancelled', admin.cookie),
      ])
    ).map((res) => res.status);
    expect(statuses.sort()).toEqual([200, 409]);

    const refunded = [a, b, c].map((p) => p.pi);
    await eventually(async () => {
      const rows = await refundRows(campaign.id);
      return rows.length === 3 && rows.every((row) => row.refundedAt && row.notifiedAt) ? rows : null;
    }, 'three refunds made and notified');

    expect((await refundGroups([...refunded, r.pi])).map((g) => g.paymentIntentId).sort()).toEqual(refunded.sort());
    expect(await raised(campaign.id)).toBe(4000);
    const claims = await db().select().from(escrowClaims).where(eq(escrowClaims.campaignId, campaign.id));
    expect(
      claims
        .filter((cl) => cl.claim === 'refund')
        .map((cl) => cl.paymentIntentId)
        .sort(),
    ).toEqual(refunded.sort());
    expect(claims.filter((cl) => cl.claim === 'release').map((cl) => cl.paymentIntentId)).toEqual([r.pi]);
    for (const p of [a, b, c]) {
      expect(await stripeRefunds(p.pi)).toBe(1);
      expect((await store().get('payment_intent', p.pi))?.amountRefunded).toBe(p.amountCents);
    }
    expect(await stripeRefunds(r.pi)).toBe(0);

    const title = (await campaignRow(campaign.id))?.title as string;
    const told = await db().select().from(notifications).where(eq(notifications.userId, payer.id));
    expect(told).toMatchObject([{ type: 'info', title: TEXT.refundedTitle, topic: 'backing' }]);
    expect(told[0]?.message).toContain(title);
    // The guest paid twice (a and c) from one address: one mail, for both (docs/backing.md, "Told").
    expect(await guestMails(title)).toHaveLength(1);
    expect((await guestMails(title))[0]?.text).toContain('Your 2 payments');

    // The campaign screens say so.
    const view = await call(`/api/campaigns/${campaign.id}`, { headers: { cookie: campaign.owner.cookie } });
    const { campaign: shown } = await view.json<{ campaign: { refunds: unknown } }>();
    expect(shown.refunds).toEqual({ count: 3, cents: 4200, inProgress: false });

    // Our refunds' own events (refund.created, delivered by TEST mode) and the hourly job change nothing.
    await eventually(
      async () =>
        (await db().select().from(stripeEvents).where(eq(stripeEvents.type, 'refund.created'))).filter(
          (e) => e.processedAt,
        ).length >= 3 || null,
      'the refund events',
    );
    await runScheduled({ cron: '17 * * * *' }, env);
    expect(await refundGroups(refunded)).toHaveLength(3);
    for (const p of [a, b, c]) expect(await stripeRefunds(p.pi)).toBe(1);
    expect(await db().select().from(notifications).where(eq(notifications.userId, payer.id))).toHaveLength(1);
    expect(await guestMails(title)).toHaveLength(1);
    expect(await raised(campaign.id)).toBe(4000);
  });

  it('the hourly job finishes an interrupted cancellation: unclaimed payments and claimed ones not yet refunded', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const a = await paid(campaign.id, 1200);
    const b = await paid(campaign.id, 3300);
    // Cancelled without its follow-up, and cut off after claiming one payment, before Stripe.
    await db().update(campaigns).set({ status: 'cancelled' }).where(eq(campaigns.id, campaign.id));
    const payment = await ledgerPayment(db(), a.pi);
    if (!payment) throw new Error('not credited');
    await db().batch(escrowRefundStatements(db(), payment, { reason: 'campaign_cancelled' }) as never);
    expect(await raised(campaign.id)).toBe(3300);
    expect(await stripeRefunds(a.pi)).toBe(0);

    await runScheduled({ cron: '17 * * * *' }, env);

    const rows = await refundRows(campaign.id);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row.refundedAt && row.notifiedAt).toBeTruthy();
    expect(await stripeRefunds(a.pi)).toBe(1);
    expect(await stripeRefunds(b.pi)).toBe(1);
    expect(await refundGroups([a.pi, b.pi])).toHaveLength(2);
    expect(await raised(campaign.id)).toBe(0);
    await runScheduled({ cron: '17 * * * *' }, env);
    expect(await stripeRefunds(a.pi)).toBe(1);
    expect(await refundGroups([a.pi, b.pi])).toHaveLength(2);
  });
});

describe('a refund email the mail API refuses', () => {
  it('stays owed and is sent by the job once its backoff is over, once', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const p = await paid(campaign.id, 900);
    await db().update(campaigns).set({ status: 'cancelled' }).where(eq(campaigns.id, campaign.id));
    const title = (await campaignRow(campaign.id))?.title as string;
    const tried: string[] = [];
    const refusing = testPayments({
      mailer: {
        send: async (mail) => {
          tried.push(mail.idempotencyKey ?? '');
          throw new Error('Mail API answered 503: busy');
        },
      },
    });
    await refundCancelledCampaign(refusing, TEST_SYSTEM, campaign.id);
    await refusing.settled();
    // The payer is told in the refund's batch; the mail is a follow-up of its own, kept with its error.
    const key = `told:cancelled:${campaign.id}:${GUEST}`;
    expect(tried).toEqual([key]);
    expect(await stripeRefunds(p.pi)).toBe(1);
    expect((await refundRows(campaign.id))[0]?.notifiedAt).toBeTruthy();
    expect(await guestMails(title)).toHaveLength(0);
    expect(await db().select().from(followUps).where(eq(followUps.key, key)).get()).toMatchObject({
      name: 'mail',
      doneAt: null,
      lastError: 'Mail API answered 503: busy',
    });

    // The job sends it once its backoff is over; another run finds nothing left to tell.
    const later = testPayments({ clock: { now: () => new Date(Date.now() + 5 * 60_000) } });
    await runDueFollowUps(later, TEST_SYSTEM);
    expect(await guestMails(title)).toHaveLength(1);
    await runDueFollowUps(later, TEST_SYSTEM);
    await runScheduled({ cron: '17 * * * *' }, env);
    expect(await guestMails(title)).toHaveLength(1);
    expect(await stripeRefunds(p.pi)).toBe(1);
  });
});

describe('concurrent refund runs', () => {
  it("the cancellation's own run and the hourly job together refund, record and tell each payer once", async () => {
    const payer = await makeUser();
    const campaign = await makeCampaign({ status: 'live' });
    const ps = [await paid(campaign.id, 500, payer), await paid(campaign.id, 600, payer), await paid(campaign.id, 700)];
    await db().update(campaigns).set({ status: 'cancelled' }).where(eq(campaigns.id, campaign.id));
    const deps = testPayments({ bell: silentDoorbell });
    const runs = await Promise.all([
      refundCancelledCampaign(deps, TEST_SYSTEM, campaign.id),
      refundCancelledCampaign(deps, TEST_SYSTEM, campaign.id),
      runScheduled({ cron: '17 * * * *' }, env),
    ]);
    expect(runs[0].claimed + runs[1].claimed + (runs[2].refunds?.claimed ?? 0)).toBe(3);
    const pis = ps.map((p) => p.pi);
    expect(await refundGroups(pis)).toHaveLength(3);
    for (const p of ps) expect(await stripeRefunds(p.pi)).toBe(1);
    expect(await raised(campaign.id)).toBe(0);
    const rows = await refundRows(campaign.id);
    expect(rows.every((r) => r.refundedAt && r.notifiedAt)).toBe(true);
    // Two payments of one payer: one notice (docs/backing.md, "Told").
    expect(await db().select().from(notifications).where(eq(notifications.userId, payer.id))).toHaveLength(1);
  });
});

describe('refunds made at Stripe', () => {
  const chargeRefunded = (p: TestPayment, refundedCents: number) =>
    obj.event('charge.refunded', `evt_${uid()}`, {
      id: `ch_${uid()}`,
      object: 'charge',
      amount: p.amountCents,
      amount_captured: p.amountCents,
      amount_refunded: refundedCents,
      refunded: refundedCents >= p.amountCents,
      currency: 'usd',
      paid: true,
      status: 'succeeded',
      payment_intent: p.pi,
      metadata: {},
    } as unknown as Stripe.Charge);
  const refundCreated = (p: TestPayment, amount: number) =>
    obj.event(
      'refund.created',
      `evt_${uid()}`,
      obj.refund({
        id: `re_${uid()}`,
        created: obj.nowSeconds(),
        amount,
        currency: 'usd',
        paymentIntent: p.pi,
        chargeId: `ch_${uid()}`,
        reason: null,
        metadata: {},
      }),
    );

  it('a full refund of an escrowed payment is one refund group, claim and projection, however often announced', async () => {
    const payer = await makeUser();
    const campaign = await makeCampaign({ status: 'live' });
    const p = await paid(campaign.id, 2200, payer);
    const results = await Promise.all([deliver(chargeRefunded(p, 2200)), deliver(refundCreated(p, 2200))]);
    // Two announcements at once: one writes the refund, the other's guarded batch writes nothing.
    for (const res of results) expect(res.status).toBe(200);
    expect((await deliver(chargeRefunded(p, 2200))).status).toBe(200);
    expect((await deliver(refundCreated(p, 2200))).status).toBe(200);
    expect(await refundGroups([p.pi])).toHaveLength(1);
    expect(await raised(campaign.id)).toBe(0);
    expect(await db().select().from(escrowClaims).where(eq(escrowClaims.paymentIntentId, p.pi))).toMatchObject([
      { claim: 'refund' },
    ]);
    expect(await refundRows(campaign.id)).toMatchObject([{ reason: 'refunded_at_stripe', amountCents: 2200 }]);
    // Nothing asked of Stripe: the refund was made there. The hourly job tells the payer, once.
    expect(await stripeRefunds(p.pi)).toBe(0);
    await runScheduled({ cron: '17 * * * *' }, env);
    await runScheduled({ cron: '17 * * * *' }, env);
    expect(await stripeRefunds(p.pi)).toBe(0);
    const told = await db().select().from(notifications).where(eq(notifications.userId, payer.id));
    expect(told).toHaveLength(1);
    expect(told[0]?.message).toContain('was refunded in full.');
  });

  it('a partial refund, or a refund of a released payment, is recorded as the event only', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const partial = await paid(campaign.id, 3000);
    const gone = await paid(campaign.id, 1500);
    await released(gone);
    const e1 = chargeRefunded(partial, 1000);
    const e2 = refundCreated(gone, 1500);
    expect((await deliver(e1)).status).toBe(200);
    expect((await deliver(e2)).status).toBe(200);
    expect(await refundGroups([partial.pi, gone.pi])).toEqual([]);
    expect(await raised(campaign.id)).toBe(4500);
    const events = await db()
      .select()
      .from(stripeEvents)
      .where(inArray(stripeEvents.id, [e1.id, e2.id]));
    expect(events).toHaveLength(2);
    expect(events.every((e) => e.processedAt)).toBe(true);
    // The rest refunded later: the charge is now refunded in full, and the payment leaves escrow.
    expect((await deliver(chargeRefunded(partial, 3000))).status).toBe(200);
    expect(await refundGroups([partial.pi])).toHaveLength(1);
    expect(await raised(campaign.id)).toBe(1500);
  });
});

describe('a campaign that stops taking money expires its open Checkout Sessions', () => {
  async function openSession(campaignId: string) {
    const res = await call(
      `/api/campaigns/${campaignId}/checkout`,
      jsonInit('POST', { amountCents: 2500, guestEmail: GUEST }),
    );
    expect(res.status).toBe(200);
    const { url, sessionId } = await res.json<{ url: string; sessionId: string }>();
    return { path: new URL(url).pathname, sessionId };
  }
  const sessionStatus = async (id: string) =>
    (await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, id)).get())?.status;
  async function expectExpired(s: { path: string; sessionId: string }) {
    await eventually(async () => (await sessionStatus(s.sessionId)) === 'expired' || null, 'the session to expire');
    const page = await call(s.path);
    expect(await page.text()).toContain('data-status="expired"');
  }

  it('paused by the owner', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const s = await openSession(campaign.id);
    const res = await call(`/api/campaigns/${campaign.id}/pause`, jsonInit('POST', {}, campaign.owner.cookie));
    expect(res.status).toBe(200);
    await expectExpired(s);
  });

  it('an admin sets any status but live (completed)', async () => {
    const admin = await makeUser(['admin']);
    const campaign = await makeCampaign({ status: 'live' });
    const s = await openSession(campaign.id);
    expect((await setStatus(campaign.id, 'completed', admin.cookie)).status).toBe(200);
    await expectExpired(s);
  });

  it("the owner's edit sends a live campaign back to review", async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const s = await openSession(campaign.id);
    const res = await call(
      `/api/campaigns/${campaign.id}`,
      jsonInit('PATCH', { title: `Renamed ${uid()}` }, campaign.owner.cookie),
    );
    expect(res.status).toBe(200);
    expect((await res.json<{ outcome: string }>()).outcome).toBe('review');
    await expectExpired(s);
  });

  it('deleted: the session rows go with the campaign, and Stripe expires the sessions', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const s = await openSession(campaign.id);
    const res = await call(`/api/campaigns/${campaign.id}`, {
      method: 'DELETE',
      headers: jsonInit('DELETE', {}, campaign.owner.cookie).headers,
    });
    expect(res.status).toBe(200);
    await eventually(
      async () => (await store().get('checkout_session', s.sessionId))?.session.status === 'expired' || null,
      'Stripe to expire the session',
    );
    expect(await (await call(s.path)).text()).toContain('data-status="expired"');
  });

  it('a refused change leaves a live campaign taking money', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const s = await openSession(campaign.id);
    const res = await call(`/api/campaigns/${campaign.id}/resume`, jsonInit('POST', {}, campaign.owner.cookie));
    expect(res.status).toBe(409);
    const pay = await call(`${s.path}/pay`, {
      method: 'POST',
      headers: { origin: 'http://localhost:4321', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    await eventually(async () => (await sessionStatus(s.sessionId)) === 'complete' || null, 'the payment');
    await eventually(async () => (await raised(campaign.id)) === 2500 || null, 'the credit');
  });
});

describe('deleting a campaign that money moved through', () => {
  it('is refused with 409 once its ledger has lines, even when everything was refunded', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const p = await paid(campaign.id, 900);
    const payment = await ledgerPayment(db(), p.pi);
    if (!payment) throw new Error('not credited');
    await db().batch(escrowRefundStatements(db(), payment, { reason: 'campaign_cancelled' }) as never);
    expect(await raised(campaign.id)).toBe(0);
    const view = await call(`/api/campaigns/${campaign.id}`, { headers: { cookie: campaign.owner.cookie } });
    const shown = await view.json<{
      campaign: { viewer: { rights: { delete: boolean }; can: { delete: boolean } } };
    }>();
    expect(shown.campaign.viewer.rights.delete).toBe(true);
    expect(shown.campaign.viewer.can.delete).toBe(false);
    const res = await call(`/api/campaigns/${campaign.id}`, {
      method: 'DELETE',
      headers: jsonInit('DELETE', {}, campaign.owner.cookie).headers,
    });
    expect(res.status).toBe(409);
    expect((await res.json<{ error: { message: string } }>()).error.message).toBe(TEXT.campaignHasLedger);
    expect(await campaignRow(campaign.id)).toBeTruthy();
    expect(
      await db()
        .select()
        .from(ledgerGroups)
        .where(and(eq(ledgerGroups.campaignId, campaign.id))),
    ).toHaveLength(2);
  });
});
