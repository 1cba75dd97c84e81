import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, stripeEvents } from '../../functions/db/schema';
import type { Bindings } from '../../functions/env';
import { WEBHOOK_PATHS } from '../../functions/payments/stripe';
import { createDeps } from '../../functions/platform/create-deps';
import { createLibsqlApp } from '../support/libsql';
import { insertCampaign, libsqlForFile } from '../support/libsql-fixtures';
import { intentSucceeded, sessionCompleted, signature, testPayment } from '../support/stripe-fixtures';

// The production configuration: real Stripe keys and the endpoints' own signing secrets.
const production = {
  ENVIRONMENT: 'production',
  PUBLIC_URL: 'https://reelfund.example.com',
  AUTH_SECRET: 'x'.repeat(40),
  MAIL_API_URL: 'https://mail.example.com/send',
  MAIL_API_KEY: 'key',
  MAIL_FROM: 'Reelfund <a@b.c>',
  STRIPE_SECRET_KEY: 'sk_live_not_used_offline',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_platform',
  STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_production_connect',
} as Partial<Bindings>;

const ctx = libsqlForFile({ ledger: true });
let app: ReturnType<typeof createLibsqlApp>;
beforeAll(() => {
  app = createLibsqlApp(ctx.db, production);
});

async function deliver(event: Stripe.Event, secret = 'whsec_production_platform') {
  const payload = JSON.stringify(event);
  return app.request(WEBHOOK_PATHS.platform, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': await signature(payload, { secret }) },
    body: payload,
  });
}

/** A live campaign: a payment naming no campaign of ours is refunded through Stripe (offline here). */
const liveCampaign = async () => (await insertCampaign(ctx.db)).id;

const escrowLines = (campaignId: string) =>
  ctx.db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, `escrow:${campaignId}`));

describe('webhooks in production on libSQL', () => {
  it('verifies with the production secret and refuses the local TEST secret', async () => {
    const event = sessionCompleted(testPayment(2500, await liveCampaign()));
    expect((await deliver(event, 'whsec_local_platform')).status).toBe(400);
    expect(await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
    expect((await deliver(event)).status).toBe(200);
  });

  it('credits a payment once for one event delivered 5 times at once and for both of its events', async () => {
    const p = testPayment(3300, await liveCampaign());
    const completed = sessionCompleted(p);
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => deliver(completed)),
      deliver(intentSucceeded(p)),
    ]);
    for (const res of results) expect(res.status).toBe(200);
    expect((await escrowLines(p.campaignId)).map((l) => l.amountCents)).toEqual([3300]);
    expect(await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, completed.id))).toHaveLength(1);
  });

  it('credits 50 concurrent payments to one campaign exactly once each', async () => {
    const campaign = await liveCampaign();
    const payments = Array.from({ length: 50 }, (_, i) => testPayment(100 + i, campaign));
    const results = await Promise.all(
      payments.flatMap((p) => [deliver(sessionCompleted(p)), deliver(intentSucceeded(p))]),
    );
    for (const res of results) expect(res.status).toBe(200);
    const lines = await escrowLines(campaign);
    expect(lines).toHaveLength(50);
    expect(lines.reduce((s, l) => s + l.amountCents, 0)).toBe(payments.reduce((s, p) => s + p.amountCents, 0));
  }, 20_000);

  it('has no TEST pages, and the SDK talks to Stripe itself', async () => {
    expect((await app.request('/api/payments/test-checkout/cs_test_x')).status).toBe(404);
    const { payments } = createDeps(app.env);
    expect(payments.testMode).toBe(false);
    expect(payments.testStripe).toBeNull();
    expect(payments.webhookSecrets).toEqual({
      platform: 'whsec_production_platform',
      connect: 'whsec_production_connect',
    });
  });
});
