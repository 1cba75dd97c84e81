import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns, checkoutSessions, ledgerGroups } from '../../functions/db/schema';
import { TEXT } from '../../functions/domain/texts';
import { TestStore } from '../../functions/payments/test-mode/store';
import { makeCampaign } from './campaign-factories';
import { jsonInit, makeUser } from './factories';
import {
  db,
  deliver,
  eventually,
  intentSucceeded,
  linesFor,
  registerMoneyTestHooks,
  sessionCompleted,
  testPayment,
} from './stripe-support';
import { call, env } from './worker-call';

registerMoneyTestHooks();

const raised = async (id: string) =>
  (await db().select({ v: campaigns.currentAmount }).from(campaigns).where(eq(campaigns.id, id)).get())?.v;

const guestCheckout = (campaignId: string, amountCents: number, extra: Record<string, unknown> = {}) =>
  call(
    `/api/campaigns/${campaignId}/checkout`,
    jsonInit('POST', { amountCents, guestEmail: 'fan@example.test', ...extra }),
  );

const errorOf = async (res: Response) => (await res.json<{ error: { code: string; message: string } }>()).error;

describe('starting a payment: only a live campaign that is not voting takes money', () => {
  it.each([['active'], ['approved'], ['paused'], ['completed'], ['cancelled']] as const)(
    'a %s campaign → 409 with a clear message, no session recorded',
    async (status) => {
      const campaign = await makeCampaign({ status });
      const res = await guestCheckout(campaign.id, 2500);
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toBe(TEXT.campaignNotTakingPayments);
      expect(await db().select().from(checkoutSessions).where(eq(checkoutSessions.campaignId, campaign.id))).toEqual(
        [],
      );
    },
  );

  it('a live campaign whose team is voting → 409 saying payments are paused for the vote', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    await db().update(campaigns).set({ extensionPending: true }).where(eq(campaigns.id, campaign.id));
    const res = await guestCheckout(campaign.id, 2500);
    expect(res.status).toBe(409);
    expect((await errorOf(res)).message).toBe(TEXT.campaignVoting);
  });

  it('refuses amounts below $1 or above the per-payment maximum, and a guest without an email', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    expect((await guestCheckout(campaign.id, 99)).status).toBe(400);
    expect((await guestCheckout(campaign.id, 1_000_001)).status).toBe(400);
    const noEmail = await call(`/api/campaigns/${campaign.id}/checkout`, jsonInit('POST', { amountCents: 1000 }));
    expect(noEmail.status).toBe(400);
    expect((await errorOf(noEmail)).message).toBe(TEXT.guestEmailRequired);
  });

  it('an unknown campaign → 404', async () => {
    expect((await guestCheckout('no-such-campaign', 1000)).status).toBe(404);
  });

  it('a live campaign gives a signed-in payer a TEST checkout URL, recorded with the payer', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const payer = await makeUser();
    const res = await call(
      `/api/campaigns/${campaign.id}/checkout`,
      jsonInit('POST', { amountCents: 2500 }, payer.cookie),
    );
    expect(res.status).toBe(200);
    const { url, sessionId } = await res.json<{ url: string; sessionId: string }>();
    expect(url).toContain('/api/payments/test-checkout/');
    const row = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).get();
    expect(row).toMatchObject({ campaignId: campaign.id, payerId: payer.id, amountCents: 2500, status: 'open' });
  });
});

describe('crediting: current_amount is the ledger projection', () => {
  it('both events of one payment → credited once, current_amount moves once', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const p = testPayment(4200, campaign.id);
    const results = await Promise.all([
      deliver(sessionCompleted(p)),
      deliver(intentSucceeded(p)),
      deliver(sessionCompleted(p)),
    ]);
    for (const r of results) expect(r.status).toBe(200);
    expect((await linesFor(p.pi)).map((l) => l.amountCents)).toEqual([-4200, 4200]);
    expect(await raised(campaign.id)).toBe(4200);
    const p2 = testPayment(800, campaign.id);
    await deliver(intentSucceeded(p2));
    await deliver(sessionCompleted(p2));
    expect(await raised(campaign.id)).toBe(5000);
  });

  it('a payment already credited stays credited when a later event arrives after the campaign paused', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const p = testPayment(1500, campaign.id);
    await deliver(sessionCompleted(p));
    await db().update(campaigns).set({ status: 'paused', pausedFrom: 'live' }).where(eq(campaigns.id, campaign.id));
    expect((await deliver(intentSucceeded(p))).status).toBe(200);
    expect(await raised(campaign.id)).toBe(1500);
    const refund = await db()
      .select()
      .from(ledgerGroups)
      .where(eq(ledgerGroups.idempotencyKey, `refund:${p.pi}`));
    expect(refund).toEqual([]);
  });

  it('a payment arriving for a paused campaign is refunded through Stripe; current_amount unchanged', async () => {
    const campaign = await makeCampaign({ status: 'live', currentAmount: 0 });
    const res = await guestCheckout(campaign.id, 3000);
    expect(res.status).toBe(200);
    const { url, sessionId } = await res.json<{ url: string; sessionId: string }>();
    await db().update(campaigns).set({ status: 'paused', pausedFrom: 'live' }).where(eq(campaigns.id, campaign.id));
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
    const refund = await eventually(
      () =>
        db()
          .select()
          .from(ledgerGroups)
          .where(eq(ledgerGroups.idempotencyKey, `refund:${pi}`))
          .get(),
      'the refund group',
    );
    expect(refund.kind).toBe('refund');
    expect(await raised(campaign.id)).toBe(0);
    // Stripe (the TEST responder) holds the refund, made once under its idempotency key.
    const intent = await new TestStore(env.KV).get('payment_intent', pi);
    expect(intent?.amountRefunded).toBe(3000);
    expect(intent?.refunds).toHaveLength(1);
    expect(
      (await linesFor(pi)).reduce((s, l) => (l.account === `escrow:${campaign.id}` ? s + l.amountCents : s), 0),
    ).toBe(0);
  });
});
