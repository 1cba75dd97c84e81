import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns, checkoutSessions, ledgerEntries, stripeEvents, user, videos } from '../../functions/db/schema';
import type { Bindings } from '../../functions/env';
import { TEST_MODE_LABEL } from '../../functions/payments/mode';
import { WEBHOOK_PATHS } from '../../functions/payments/stripe';
import { createDeps } from '../../functions/platform/create-deps';
import { silentDoorbell } from '../../functions/realtime/doorbell';
import { createCheckout } from '../../functions/services/payments/internal/create-checkout';
import { openPlatform } from '../../scripts/lib/platform';
import { retryBusy } from '../support/busy';
import { expectLedgerBalanced } from '../support/ledger';
import { type OwnServer, ownServer } from '../support/own-server';
import { sessionCompleted, signature, testPayment } from '../support/stripe-fixtures';

const base = () => server.url;

// The running product's own D1 and KV (the server started by global setup), through wrangler's
// platform proxy: the test creates a Checkout Session with the app's service, as a route will.
let platform: Awaited<ReturnType<typeof openPlatform>>;
let server: OwnServer;
// This file writes the server's database through the platform proxy: a server of its own.
beforeAll(async () => {
  server = await ownServer('payments');
  platform = await openPlatform(server.state);
}, 600_000);
afterAll(async () => {
  await platform?.dispose();
  await server?.stop();
});

/** A live campaign of a seeded user's new film (a payment naming no campaign of ours is refunded). */
async function liveCampaign() {
  const owner = await retryBusy(() => platform.db.select({ id: user.id }).from(user).limit(1).get());
  if (!owner) throw new Error('the seed made no users');
  const movieId = crypto.randomUUID();
  const id = crypto.randomUUID();
  await retryBusy(() =>
    platform.db.batch([
      platform.db
        .insert(videos)
        .values({ id: movieId, title: 'HTTP film', contributorId: owner.id, reviewStatus: 'approved' }),
      platform.db.insert(campaigns).values({
        id,
        movieId,
        title: 'HTTP campaign',
        status: 'live',
        goalAmount: 500_000,
        initialGoalAmount: 500_000,
        endDate: '2099-01-01',
      }),
    ]),
  );
  return id;
}

describe('payments in TEST mode, over HTTP against the built worker', () => {
  it('labels every page TEST MODE, server-rendered and prerendered alike', async () => {
    for (const path of ['/donation-success', '/faq', '/auth', '/privacy']) {
      const html = await (await fetch(`${base()}${path}`)).text();
      expect(html, path).toContain(
        `<div class="test-mode-banner" role="status" data-test-mode>${TEST_MODE_LABEL}</div>`,
      );
      expect(html, path).not.toContain('data-test-mode-slot');
    }
  });

  it('takes a signed event from the raw body once, and refuses an unsigned one', async () => {
    const event = sessionCompleted(testPayment(2500, await liveCampaign()));
    const body = JSON.stringify(event);
    const post = (headers: Record<string, string>) =>
      fetch(`${base()}${WEBHOOK_PATHS.platform}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
        body,
      });
    expect((await post({})).status).toBe(400);
    const first = await post({ 'stripe-signature': await signature(body) });
    expect(await first.json()).toMatchObject({ received: true, duplicate: false });
    const again = await post({ 'stripe-signature': await signature(body) });
    expect(await again.json()).toMatchObject({ received: true, duplicate: true });
  });

  it('pays on the TEST checkout page; the worker POSTs the signed events to its own webhook over HTTP', async () => {
    const env = { ...platform.env, PUBLIC_URL: base() } as Bindings;
    const deps = createDeps(env, { db: platform.db, bell: silentDoorbell });
    const created = await createCheckout(deps, {
      campaignId: await liveCampaign(),
      payer: { guestEmail: 'guest@example.test' },
      amountCents: 1234,
      description: 'Donation to “HTTP Film”',
      attemptId: crypto.randomUUID(),
      successUrl: `${base()}/donation-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base()}/`,
    });
    const page = await fetch(created.url);
    expect(await page.text()).toContain('Pay $12.34');
    const pay = await fetch(`${created.url}/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: base(), 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(pay.status).toBe(303);
    expect(pay.headers.get('location')).toBe(`${base()}/donation-success?session_id=${created.id}`);

    let row: typeof checkoutSessions.$inferSelect | undefined;
    for (let i = 0; i < 80 && row?.status !== 'complete'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      row = await retryBusy(() =>
        platform.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, created.id)).get(),
      );
    }
    expect(row?.status).toBe('complete');
    const pi = row?.paymentIntentId as string;
    const lines = await platform.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentIntentId, pi));
    expect(lines.map((l) => l.amountCents).sort((a, b) => a - b)).toEqual([-1234, 1234]);
    // The second announcement (payment_intent.succeeded) may still be on its way: wait for it.
    let events: (typeof stripeEvents.$inferSelect)[] = [];
    for (let i = 0; i < 80 && events.length === 0; i++) {
      events = await retryBusy(() =>
        platform.db.select().from(stripeEvents).where(eq(stripeEvents.type, 'payment_intent.succeeded')),
      );
      if (events.length === 0) await new Promise((r) => setTimeout(r, 100));
    }
    expect(events.length).toBeGreaterThan(0);
    await expectLedgerBalanced(platform.db);
  });
});
