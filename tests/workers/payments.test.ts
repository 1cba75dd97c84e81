import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { checkoutSessions, ledgerGroups, stripeEvents } from '../../functions/db/schema';
import { LOCAL_WEBHOOK_SECRETS, WEBHOOK_PATHS } from '../../functions/payments/stripe';
import * as obj from '../../functions/payments/test-mode/objects';
import { createCheckout } from '../../functions/services/payments/internal/create-checkout';
import { shapedTypes } from '../../functions/services/webhooks/internal/event-shapes';
import { HANDLERS } from '../../functions/services/webhooks/internal/handlers';
import { makeCampaign } from './campaign-factories';
import { makeUser } from './factories';
import {
  db,
  deliver,
  eventRow,
  eventually,
  intentSucceeded,
  linesFor,
  registerMoneyTestHooks,
  sessionCompleted,
  testPayment,
  testPayments,
  uid,
} from './stripe-support';
import { call } from './worker-call';

registerMoneyTestHooks();

const countEvents = async (id: string) =>
  (await db().select().from(stripeEvents).where(eq(stripeEvents.id, id))).length;

describe('webhook signatures: anything not signed by Stripe is refused before data is touched', () => {
  it.each([
    ['no signature', { sign: false }],
    ['a signature made with another secret', { secret: 'whsec_someone_else' }],
    ['a stale timestamp (older than 300 s)', { timestamp: Math.floor(Date.now() / 1000) - 301 }],
    ['the Connect secret on the platform endpoint', { secret: LOCAL_WEBHOOK_SECRETS.connect }],
  ])('%s → 400, nothing recorded or credited', async (_, opts) => {
    const p = testPayment();
    const event = sessionCompleted(p);
    const res = await deliver(event, opts);
    expect(res.status).toBe(400);
    expect((await res.json<{ error: { code: string } }>()).error.code).toBe('bad_request');
    expect(await countEvents(event.id)).toBe(0);
    expect(await linesFor(p.pi)).toEqual([]);
  });

  it('refuses a body that differs from the one signed', async () => {
    const p = testPayment();
    const event = sessionCompleted(p);
    const signed = JSON.stringify(event);
    const { signature } = await import('./stripe-support');
    const header = await signature(signed);
    const tampered = JSON.stringify({ ...event, data: { object: { ...event.data.object, amount_total: 1 } } });
    const res = await call(WEBHOOK_PATHS.platform, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: tampered,
    });
    expect(res.status).toBe(400);
    expect(await countEvents(event.id)).toBe(0);
  });

  it.each([
    ['without livemode', (e: Record<string, unknown>) => ({ ...e, livemode: undefined })],
    ['without data', (e: Record<string, unknown>) => ({ ...e, data: undefined })],
    ['with a text created time', (e: Record<string, unknown>) => ({ ...e, created: 'yesterday' })],
    ['that is an array', () => []],
  ])('refuses a signed body that is not a Stripe event (%s) with 400, recording nothing', async (_, change) => {
    const campaign = await makeCampaign({ status: 'live' });
    const p = testPayment(2500, campaign.id);
    const event = sessionCompleted(p);
    const res = await deliver(JSON.stringify(change(event as unknown as Record<string, unknown>)));
    expect(res.status).toBe(400);
    expect((await res.json<{ error: { code: string } }>()).error.code).toBe('bad_request');
    expect(await countEvents(event.id)).toBe(0);
    expect(await linesFor(p.pi)).toEqual([]);
  });

  it('accepts a signed event with no Origin header (Stripe sends none) past the CSRF guard', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const res = await deliver(sessionCompleted(testPayment(2500, campaign.id)));
    expect(res.status).toBe(200);
  });

  it('verifies Connect events with the Connect secret on the Connect endpoint', async () => {
    const account = obj.newAccount({
      id: `acct_${uid()}`,
      created: obj.nowSeconds(),
      type: 'express',
      country: 'US',
      email: null,
      metadata: {},
    });
    const event = obj.event('account.updated', `evt_${uid()}`, account, { account: account.id });
    const path = WEBHOOK_PATHS.connect;
    expect((await deliver(event, { path })).status).toBe(400);
    expect((await deliver(event, { path, secret: LOCAL_WEBHOOK_SECRETS.connect })).status).toBe(200);
    expect(await eventRow(event.id)).toMatchObject({
      source: 'connect',
      accountId: account.id,
      type: 'account.updated',
    });
  });
});

describe('each event recorded once, each payment credited once', () => {
  it('one event delivered 5 times (3 of them at once) is recorded once and credits once', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const p = testPayment(4200, campaign.id);
    const event = sessionCompleted(p);
    const first = await deliver(event);
    expect(await first.json()).toMatchObject({ received: true, duplicate: false, handled: true });
    const again = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    const last = await deliver(event);
    for (const res of [...again, last]) expect(res.status).toBe(200);
    expect(await last.json()).toMatchObject({ duplicate: true });
    expect(await countEvents(event.id)).toBe(1);
    expect((await eventRow(event.id))?.processedAt).toBeInstanceOf(Date);
    expect((await linesFor(p.pi)).map((l) => [l.account, l.amountCents])).toEqual([
      [`payer:${p.pi}`, -4200],
      [`escrow:${p.campaignId}`, 4200],
    ]);
  });

  it('checkout.session.completed and payment_intent.succeeded of one payment, delivered together, credit once', async () => {
    const user = await makeUser();
    const campaign = await makeCampaign({ status: 'live' });
    const p = testPayment(1500, campaign.id);
    const results = await Promise.all([
      deliver(sessionCompleted(p, user.id)),
      deliver(intentSucceeded(p, user.id)),
      deliver(sessionCompleted(p, user.id)),
    ]);
    for (const res of results) expect(res.status).toBe(200);
    const lines = await linesFor(p.pi);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ account: `payer:${p.pi}`, amountCents: -1500, userId: user.id });
    const groups = await db()
      .select()
      .from(ledgerGroups)
      .where(eq(ledgerGroups.idempotencyKey, `payment:${p.pi}`));
    expect(groups).toHaveLength(1);
  });

  it('reaches the same state whichever announcement comes first', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const a = testPayment(900, campaign.id);
    const b = testPayment(900, campaign.id);
    await deliver(sessionCompleted(a));
    await deliver(intentSucceeded(a));
    await deliver(intentSucceeded(b));
    await deliver(sessionCompleted(b));
    const shape = async (p: typeof a) =>
      (await linesFor(p.pi)).map((l) => [l.account.split(':')[0], l.amountCents, l.kind]);
    expect(await shape(a)).toEqual(await shape(b));
    expect(await shape(a)).toHaveLength(2);
  });

  it('records a payment that did not come from our checkout without crediting anything', async () => {
    const p = testPayment();
    const event = intentSucceeded(p);
    event.data.object.metadata = {};
    const res = await deliver(event);
    expect(await res.json()).toMatchObject({ received: true, handled: true });
    expect((await eventRow(event.id))?.processedAt).toBeInstanceOf(Date);
    expect(await linesFor(p.pi)).toEqual([]);
  });

  it('records event types it has no handler for', async () => {
    const event = obj.event('payout.paid', `evt_${uid()}`, {} as Stripe.Payout);
    const res = await deliver(event);
    expect(await res.json()).toMatchObject({ received: true, handled: false });
    expect(await countEvents(event.id)).toBe(1);
  });
});

describe('TEST mode end to end: the SDK, the TEST checkout page and our own webhook', () => {
  const successUrl = 'http://localhost:4321/donation-success?session_id={CHECKOUT_SESSION_ID}';

  async function checkout(amountCents = 2500) {
    const payments = testPayments();
    const user = await makeUser();
    const campaign = await makeCampaign({ status: 'live' });
    const created = await createCheckout(
      { db: db(), stripe: payments.stripe },
      {
        campaignId: campaign.id,
        payer: { userId: user.id, email: user.email },
        amountCents,
        description: 'Donation to “Test Film”',
        attemptId: crypto.randomUUID(),
        successUrl,
        cancelUrl: 'http://localhost:4321/movie/m1',
      },
    );
    return { payments, user, created };
  }

  it('creates a Checkout Session through the SDK, records it, and pays it on the TEST page', async () => {
    const { created, user } = await checkout(2500);
    expect(created.url).toBe(`http://localhost:4321/api/payments/test-checkout/${created.id}`);
    const row = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, created.id)).get();
    expect(row).toMatchObject({ status: 'open', amountCents: 2500, payerId: user.id, reference: created.reference });

    const page = await call(new URL(created.url).pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('TEST MODE');
    expect(html).toContain('Donation to “Test Film”');
    expect(html).toContain('Pay $25.00');

    const paid = await call(`${new URL(created.url).pathname}/pay`, {
      method: 'POST',
      headers: { origin: 'http://localhost:4321', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:4321/donation-success?session_id=${created.id}`);

    // The signed events reach our webhook after the page's response (waitUntil).
    const done = await eventually(async () => {
      const s = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, created.id)).get();
      return s?.status === 'complete' && s.paymentIntentId ? s : null;
    }, 'the checkout session to complete');
    const pi = done.paymentIntentId as string;
    const types = await eventually(async () => {
      const rows = await db().select().from(stripeEvents).where(eq(stripeEvents.source, 'platform'));
      const mine = rows.filter((r) => r.processedAt && r.id.startsWith('evt_'));
      const both = ['checkout.session.completed', 'payment_intent.succeeded'].every((t) =>
        mine.some((r) => r.type === t),
      );
      return both ? mine : null;
    }, 'both events to be processed');
    expect(types.length).toBeGreaterThanOrEqual(2);
    expect((await linesFor(pi)).map((l) => l.amountCents)).toEqual([-2500, 2500]);

    // Paying again (a double click) changes nothing: same payment intent, credited once.
    const again = await call(`${new URL(created.url).pathname}/pay`, {
      method: 'POST',
      headers: { origin: 'http://localhost:4321', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(again.status).toBe(303);
    expect(
      (await call(new URL(created.url).pathname).then((r) => r.text())).includes('This payment is complete.'),
    ).toBe(true);
    expect(await linesFor(pi)).toHaveLength(2);
  });

  it('gives the same session for a repeated request (idempotency key), a new one for another amount', async () => {
    const payments = testPayments();
    const user = await makeUser();
    const request = {
      campaignId: (await makeCampaign({ status: 'live' })).id,
      payer: { userId: user.id },
      amountCents: 1000,
      description: 'Funding',
      attemptId: crypto.randomUUID(),
      successUrl,
      cancelUrl: 'http://localhost:4321/',
    };
    const ctx = { db: db(), stripe: payments.stripe };
    const [a, b] = await Promise.all([createCheckout(ctx, request), createCheckout(ctx, request)]);
    expect(b.id).toBe(a.id);
    const c = await createCheckout(ctx, { ...request, amountCents: 1100 });
    expect(c.id).not.toBe(a.id);
    const rows = await db().select().from(checkoutSessions).where(eq(checkoutSessions.campaignId, request.campaignId));
    expect(rows).toHaveLength(2);
    const session = await payments.stripe.checkout.sessions.retrieve(a.id);
    expect(session.metadata).toEqual({
      campaignId: request.campaignId,
      payerId: user.id,
      amountCents: '1000',
      checkoutRef: a.reference,
    });
  });

  it('refuses amounts outside $1 … $10,000 before calling Stripe', async () => {
    const payments = testPayments();
    const base = {
      campaignId: 'c',
      payer: { guestEmail: 'g@example.test' },
      description: 'x',
      attemptId: 'a',
      successUrl,
      cancelUrl: successUrl,
    };
    for (const amountCents of [99, 1_000_001, 10.5]) {
      await expect(createCheckout({ db: db(), stripe: payments.stripe }, { ...base, amountCents })).rejects.toThrow(
        /between \$1 and \$10000/,
      );
    }
  });

  it('expires a session through the SDK: the page says so, Pay takes nothing, the event marks our row', async () => {
    const { created, payments } = await checkout(3000);
    const expired = await payments.stripe.checkout.sessions.expire(created.id);
    expect(expired).toMatchObject({ status: 'expired', url: null });
    await payments.settled();
    const row = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, created.id)).get();
    expect(row?.status).toBe('expired');
    const path = new URL(created.url).pathname;
    const pay = await call(`${path}/pay`, {
      method: 'POST',
      headers: { origin: 'http://localhost:4321', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(pay.headers.get('location')).toBe(path);
    expect(await (await call(path)).text()).toContain('has expired');
    await expect(payments.stripe.checkout.sessions.expire(created.id)).rejects.toThrow(/status in \["open"\]/);
  });

  it('answers 404 for an unknown session, on the page and through the SDK', async () => {
    expect((await call('/api/payments/test-checkout/cs_test_nope')).status).toBe(404);
    const payments = testPayments();
    await expect(payments.stripe.checkout.sessions.retrieve('cs_test_nope')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'resource_missing',
      statusCode: 404,
    });
  });
});

describe('TEST mode Connect: accounts, onboarding page, transfers', () => {
  it('refuses a transfer before onboarding, completes onboarding on the TEST page, then transfers and reverses', async () => {
    const payments = testPayments();
    const account = await payments.stripe.accounts.create({ type: 'express', email: 'member@example.test' });
    expect(account).toMatchObject({ object: 'account', charges_enabled: false, payouts_enabled: false });
    await expect(
      payments.stripe.transfers.create({ amount: 500, currency: 'usd', destination: account.id }),
    ).rejects.toMatchObject({ code: 'insufficient_capabilities_for_transfer' });

    const link = await payments.stripe.accountLinks.create({
      account: account.id,
      type: 'account_onboarding',
      refresh_url: 'http://localhost:4321/redirect/stripe-connect',
      return_url: 'http://localhost:4321/stripe-setup-complete',
    });
    const path = new URL(link.url).pathname;
    const page = await call(path);
    expect(await page.text()).toContain('Complete onboarding');
    const done = await call(`${path}/complete`, {
      method: 'POST',
      headers: { origin: 'http://localhost:4321', 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('http://localhost:4321/stripe-setup-complete');
    // account.updated reaches the Connect endpoint, signed with the Connect secret.
    const row = await eventually(async () => {
      const rows = await db().select().from(stripeEvents).where(eq(stripeEvents.accountId, account.id));
      return rows.find((r) => r.type === 'account.updated' && r.source === 'connect');
    }, 'account.updated on the Connect webhook');
    expect(row.processedAt).toBeInstanceOf(Date);
    expect(await payments.stripe.accounts.retrieve(account.id)).toMatchObject({
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
    });

    const transfer = await payments.stripe.transfers.create(
      { amount: 950, currency: 'usd', destination: account.id, metadata: { payoutId: 'p1' } },
      { idempotencyKey: `payout:${uid()}` },
    );
    expect(transfer).toMatchObject({ object: 'transfer', amount: 950, amount_reversed: 0, reversed: false });
    const reversal = await payments.stripe.transfers.createReversal(transfer.id, { amount: 400 });
    expect(reversal).toMatchObject({ object: 'transfer_reversal', amount: 400, transfer: transfer.id });
    const after = await payments.stripe.transfers.retrieve(transfer.id);
    expect(after).toMatchObject({ amount_reversed: 400, reversed: false });
    await expect(payments.stripe.transfers.createReversal(transfer.id, { amount: 600 })).rejects.toMatchObject({
      code: 'transfer_already_reversed',
    });
    await payments.settled();
  });
});

describe('signed events whose object is not what their type says', () => {
  it('every handled event type has the shape its handler reads', () => {
    for (const source of ['platform', 'connect'] as const) {
      expect(shapedTypes(source).sort()).toEqual(Object.keys(HANDLERS[source]).sort());
    }
  });

  it.each([
    ['transfer.reversed without reversals', 'transfer.reversed', { id: `tr_${uid()}`, object: 'refund', amount: 5 }],
    ['charge.refunded with a text amount', 'charge.refunded', { id: `ch_${uid()}`, amount_refunded: 'all' }],
    ['checkout.session.completed with a numeric id', 'checkout.session.completed', { id: 42, mode: 'payment' }],
  ])('%s: recorded without effect, 200', async (_, type, object) => {
    const event = { ...obj.event('checkout.session.expired', `evt_${uid()}`, object as never), type };
    const res = await deliver(JSON.stringify(event));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, duplicate: false, handled: false });
    expect(await eventRow(event.id)).toMatchObject({ type, processedAt: expect.any(Date) });
  });

  it('a refund at Stripe of a payment intent Stripe does not have: recorded only, 200', async () => {
    const event = obj.event('charge.refunded', `evt_${uid()}`, {
      id: `ch_${uid()}`,
      object: 'charge',
      amount_refunded: 2500,
      refunded: true,
      payment_intent: `pi_unknown_${uid()}`,
    } as unknown as Stripe.Charge);
    const res = await deliver(event);
    expect(res.status).toBe(200);
    expect(await eventRow(event.id)).toMatchObject({ processedAt: expect.any(Date) });
  });
});
