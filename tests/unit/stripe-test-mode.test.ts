import Stripe from 'stripe';
import { beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_WEBHOOK_SECRETS } from '../../functions/payments/stripe';
import { type EventTarget, payCheckoutSession, type TestStripe } from '../../functions/payments/test-mode/actions';
import { deliverEvent } from '../../functions/payments/test-mode/deliver';
import { decodeStripeForm } from '../../functions/payments/test-mode/form';
import { testModeFetch } from '../../functions/payments/test-mode/responder';
import { TestStore } from '../../functions/payments/test-mode/store';

/** Enough of KV for the responder: JSON get and put, in memory. */
function memoryKv(): KVNamespace {
  const map = new Map<string, string>();
  return {
    get: async (key: string, type?: string) => {
      const v = map.get(key);
      return v === undefined ? null : type === 'json' ? JSON.parse(v) : v;
    },
    put: async (key: string, value: string) => void map.set(key, value),
  } as unknown as KVNamespace;
}

let emitted: Array<{ event: Stripe.Event; target: EventTarget }>;
let deps: TestStripe;
let stripe: Stripe;
beforeEach(() => {
  emitted = [];
  deps = {
    store: new TestStore(memoryKv()),
    publicUrl: 'http://localhost:4321',
    emit: (events, target) => emitted.push(...events.map((event) => ({ event, target }))),
  };
  stripe = new Stripe('sk_test_unit', {
    httpClient: Stripe.createFetchHttpClient(testModeFetch(deps)),
    maxNetworkRetries: 0,
  });
});

const sessionParams = (
  over: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Stripe.Checkout.SessionCreateParams => ({
  mode: 'payment',
  line_items: [{ price_data: { currency: 'usd', unit_amount: 1234, product_data: { name: 'Film' } }, quantity: 2 }],
  success_url: 'http://localhost:4321/donation-success?session_id={CHECKOUT_SESSION_ID}',
  cancel_url: 'http://localhost:4321/movie/m1',
  metadata: { campaignId: 'c1' },
  payment_intent_data: { metadata: { campaignId: 'c1' } },
  ...over,
});

describe('the form decoding Stripe uses', () => {
  it('reads bracketed keys into objects and arrays', () => {
    expect(
      decodeStripeForm(
        'mode=payment&line_items[0][price_data][currency]=usd&line_items[0][quantity]=1&line_items[1][quantity]=2&metadata[a%20b]=c%26d&expand[0]=x',
      ),
    ).toEqual({
      mode: 'payment',
      line_items: [{ price_data: { currency: 'usd' }, quantity: '1' }, { quantity: '2' }],
      metadata: { 'a b': 'c&d' },
      expand: ['x'],
    });
  });
});

describe('TEST responder: Checkout Sessions through the SDK', () => {
  it('creates an open, unpaid payment session shaped like the API reference', async () => {
    const before = Math.floor(Date.now() / 1000);
    const s = await stripe.checkout.sessions.create(sessionParams({ customer_email: 'a@example.test' }));
    expect(s).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      amount_total: 2468,
      amount_subtotal: 2468,
      currency: 'usd',
      customer_email: 'a@example.test',
      livemode: false,
      metadata: { campaignId: 'c1' },
      url: `http://localhost:4321/api/payments/test-checkout/${s.id}`,
    });
    expect(s.id).toMatch(/^cs_test_[A-Za-z0-9]{24}$/);
    expect(s.expires_at - before).toBeGreaterThanOrEqual(24 * 3600 - 1);
    expect(await stripe.checkout.sessions.retrieve(s.id)).toEqual(s);
  });

  it('refuses what Stripe refuses: unknown parameters, totals under 50 cents, an expiry outside 30 min…24 h', async () => {
    await expect(
      stripe.checkout.sessions.create({ ...sessionParams(), locale: 'fr' } as Stripe.Checkout.SessionCreateParams),
    ).rejects.toMatchObject({ type: 'StripeInvalidRequestError', message: 'Received unknown parameter: locale' });
    await expect(
      stripe.checkout.sessions.create(
        sessionParams({
          line_items: [{ price_data: { currency: 'usd', unit_amount: 49, product_data: { name: 'x' } }, quantity: 1 }],
        }),
      ),
    ).rejects.toMatchObject({ code: 'amount_too_small', statusCode: 400 });
    await expect(
      stripe.checkout.sessions.create(sessionParams({ expires_at: Math.floor(Date.now() / 1000) + 600 })),
    ).rejects.toMatchObject({ param: 'expires_at' });
  });

  it('replays a request with the same idempotency key and refuses one with other parameters', async () => {
    const a = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'k1' });
    const b = await stripe.checkout.sessions.create(sessionParams(), { idempotencyKey: 'k1' });
    expect(b.id).toBe(a.id);
    const raw = (body: string) =>
      testModeFetch(deps)('https://api.stripe.com/v1/refunds', {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_unit', 'idempotency-key': 'k2' },
        body,
      });
    const first = await raw('payment_intent=pi_missing');
    const again = await raw('payment_intent=pi_missing');
    expect([first.status, again.status]).toEqual([400, 400]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.text()).toBe(await first.text());
    await expect(
      stripe.checkout.sessions.create(sessionParams({ metadata: { campaignId: 'c2' } }), { idempotencyKey: 'k1' }),
    ).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it('pays a session once: a succeeded payment intent carrying the payment metadata, and both events', async () => {
    const s = await stripe.checkout.sessions.create(sessionParams());
    const paid = await payCheckoutSession(deps, s.id);
    expect(paid).toMatchObject({
      kind: 'paid',
      redirect: `http://localhost:4321/donation-success?session_id=${s.id}`,
    });
    const session = await stripe.checkout.sessions.retrieve(s.id);
    expect(session).toMatchObject({ status: 'complete', payment_status: 'paid', url: null });
    const pi = await stripe.paymentIntents.retrieve(session.payment_intent as string);
    expect(pi).toMatchObject({
      object: 'payment_intent',
      status: 'succeeded',
      amount: 2468,
      amount_received: 2468,
      metadata: { campaignId: 'c1' },
    });
    expect(emitted.map((e) => [e.event.type, e.target])).toEqual([
      ['payment_intent.succeeded', 'platform'],
      ['checkout.session.completed', 'platform'],
    ]);
    expect(emitted[1]?.event).toMatchObject({ object: 'event', api_version: Stripe.API_VERSION, livemode: false });
    expect((await payCheckoutSession(deps, s.id)).kind).toBe('already-paid');
    expect(emitted).toHaveLength(2);
  });

  it('refunds in full or in parts, never more than was paid', async () => {
    const s = await stripe.checkout.sessions.create(sessionParams());
    await payCheckoutSession(deps, s.id);
    const pi = (await stripe.checkout.sessions.retrieve(s.id)).payment_intent as string;
    const part = await stripe.refunds.create({ payment_intent: pi, amount: 1000, reason: 'requested_by_customer' });
    expect(part).toMatchObject({ object: 'refund', amount: 1000, status: 'succeeded', payment_intent: pi });
    await expect(stripe.refunds.create({ payment_intent: pi, amount: 2000 })).rejects.toMatchObject({
      code: 'amount_too_large',
    });
    const rest = await stripe.refunds.create({ payment_intent: pi });
    expect(rest.amount).toBe(1468);
    await expect(stripe.refunds.create({ payment_intent: pi })).rejects.toMatchObject({
      code: 'charge_already_refunded',
    });
    expect(emitted.filter((e) => e.event.type === 'refund.created')).toHaveLength(2);
  });

  it('answers an endpoint it does not serve as Stripe answers an unknown URL', async () => {
    await expect(stripe.customers.create({ email: 'x@example.test' })).rejects.toMatchObject({
      statusCode: 404,
      message: expect.stringContaining('Unrecognized request URL (POST: /v1/customers)'),
    });
  });

  it('answers only test keys', async () => {
    const res = await testModeFetch(deps)('https://api.stripe.com/v1/checkout/sessions/cs_x', {
      headers: { authorization: 'Bearer sk_live_real' },
    });
    expect(res.status).toBe(401);
  });
});

describe('TEST event delivery', () => {
  it('POSTs JSON signed with the endpoint secret, verifiable by constructEventAsync, retrying until 2xx', async () => {
    const s = await stripe.checkout.sessions.create(sessionParams());
    await payCheckoutSession(deps, s.id);
    const event = emitted[1]?.event as Stripe.Event;
    const seen: Array<{ body: string; signature: string }> = [];
    let answer = 500;
    const send = (async (_url: string, init: RequestInit) => {
      seen.push({ body: String(init.body), signature: new Headers(init.headers).get('stripe-signature') ?? '' });
      const status = answer;
      answer = 200;
      return new Response(null, { status });
    }) as unknown as typeof fetch;
    const result = await deliverEvent(
      event,
      { url: 'http://localhost:4321/api/webhooks/stripe', secret: LOCAL_WEBHOOK_SECRETS.platform },
      send,
    );
    expect(result.status).toBe(200);
    expect(seen).toHaveLength(2);
    const verified = await Stripe.webhooks.constructEventAsync(
      seen[1]?.body as string,
      seen[1]?.signature as string,
      LOCAL_WEBHOOK_SECRETS.platform,
      300,
      Stripe.createSubtleCryptoProvider(),
    );
    expect(verified.id).toBe(event.id);
  });
});
