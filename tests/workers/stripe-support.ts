import { exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { getDb } from '../../functions/db/client';
import { checkoutSessions, ledgerEntries, stripeEvents } from '../../functions/db/schema';
import { WEBHOOK_PATHS } from '../../functions/payments/stripe';
import * as obj from '../../functions/payments/test-mode/objects';
import { TestStore } from '../../functions/payments/test-mode/store';
import type { DepsOverrides } from '../../functions/platform/deps';
import { ORIGIN } from '../support/http';
import { expectLedgerBalanced } from '../support/ledger';
import {
  metadataOf,
  sessionCompleted,
  signature,
  type TestPayment,
  testPayment,
  uid,
} from '../support/stripe-fixtures';
import { call, env, testDeps } from './worker-call';

export * from '../support/stripe-fixtures';

export const db = () => getDb(env);

/** A delivery as Stripe makes it: JSON, a Stripe-Signature header, no Origin, no cookie. */
export async function deliver(
  event: Stripe.Event | string,
  opts: { secret?: string; timestamp?: number; path?: string; sign?: boolean } = {},
) {
  const payload = typeof event === 'string' ? event : JSON.stringify(event);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (opts.sign !== false) headers['stripe-signature'] = await signature(payload, opts);
  return call(opts.path ?? WEBHOOK_PATHS.platform, { method: 'POST', headers, body: payload });
}

/** A succeeded card payment as Stripe (the TEST responder) holds it, so a refund of it finds it. */
export async function holdAtStripe(p: TestPayment, payerId?: string) {
  const intent = obj.succeededPaymentIntent({
    id: p.pi,
    created: obj.nowSeconds(),
    amount: p.amountCents,
    currency: 'usd',
    metadata: metadataOf(p, payerId),
    chargeId: `ch_${uid()}`,
    receiptEmail: null,
  });
  await new TestStore(env.KV).put('payment_intent', p.pi, { intent, amountRefunded: 0, refunds: [] });
}

export const eventRow = (id: string) => db().select().from(stripeEvents).where(eq(stripeEvents.id, id)).get();

export const linesFor = (pi: string) =>
  db().select().from(ledgerEntries).where(eq(ledgerEntries.paymentIntentId, pi)).orderBy(ledgerEntries.amountCents);

/** Polls until `probe` returns a value (for work the worker does after its response, via waitUntil). */
export async function eventually<T>(probe: () => Promise<T | null | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = await probe();
    if (value) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/**
 * TEST mode POSTs its events to PUBLIC_URL (http://localhost:4321), where nothing listens inside the
 * workerd test runner. Outbound fetches to that origin are handed to the worker under test
 * (`exports.default.fetch`) — the same request the endpoint would receive over HTTP; anything else
 * goes out as usual. The worker and the tests share one isolate, so this covers waitUntil work too.
 */
export function routeSelfFetchToWorker() {
  const realFetch = globalThis.fetch.bind(globalThis);
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).origin === ORIGIN) return exports.default.fetch(request);
    return realFetch(request);
  });
}

/** The deps a request gets (TEST mode's Stripe), with their background deliveries collected to await. */
export function testPayments(overrides: DepsOverrides = {}) {
  const pending: Promise<unknown>[] = [];
  const deps = testDeps({ ...overrides, schedule: (work) => void pending.push(work) });
  return Object.assign(deps, {
    /** Waits for every event delivery started so far. */
    settled: async () => {
      while (pending.length) await Promise.all(pending.splice(0));
    },
  });
}

/**
 * The hooks every money test file needs: TEST mode's events reach the worker under test (see
 * routeSelfFetchToWorker), and after each test the whole ledger is proven (every group sums to
 * zero, every projection equals its lines).
 */
export function registerMoneyTestHooks() {
  let selfFetch: ReturnType<typeof routeSelfFetchToWorker>;
  beforeAll(() => {
    selfFetch = routeSelfFetchToWorker();
  });
  afterAll(() => selfFetch.mockRestore());
  afterEach(async () => {
    await expectLedgerBalanced(db());
  });
}

/** The Checkout Session our checkout writes for a payment, naming its payer (an account or a guest email). */
export async function recordCheckout(
  p: TestPayment,
  payer: { userId?: string | null; guestEmail?: string | null },
  extra: Partial<typeof checkoutSessions.$inferInsert> = {},
) {
  await db()
    .insert(checkoutSessions)
    .values({
      id: p.sessionId,
      reference: p.checkoutRef,
      campaignId: p.campaignId,
      payerId: payer.userId ?? null,
      guestEmail: payer.guestEmail ?? null,
      amountCents: p.amountCents,
      currency: 'usd',
      expiresAt: new Date(Date.now() + 3_600_000),
      ...extra,
    });
}

/**
 * A payment as our checkout records it (its Checkout Session names the payer: an account or a guest
 * email), then Stripe's completion event, delivered signed; returns the event so a test can repeat it.
 */
export async function payRecorded(
  campaignId: string,
  amountCents: number,
  payer: { userId?: string; guestEmail?: string },
) {
  const p = testPayment(amountCents, campaignId);
  await recordCheckout(p, payer);
  const event = sessionCompleted(p, payer.userId);
  expect((await deliver(event)).status).toBe(200);
  return event;
}
