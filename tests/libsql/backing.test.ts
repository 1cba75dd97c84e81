import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../functions/auth/system-actor';
import type { Db } from '../../functions/db/client';
import {
  campaignFollows,
  checkoutSessions,
  escrowRefunds,
  followUps,
  notifications,
  user,
} from '../../functions/db/schema';
import { FOLLOW_TEXT, TOLD_TEXT } from '../../functions/domain/backing/texts';
import { FUNDING_TERMS_VERSION } from '../../functions/domain/payments/terms';
import { fillText, TEXT } from '../../functions/domain/texts';
import { manualClock } from '../../functions/platform/clock';
import type { Mailer } from '../../functions/platform/mailer';
import {
  followCampaign,
  followedCampaigns,
  tellBackers,
  tellEndingCampaigns,
  unfollowCampaign,
} from '../../functions/services/backing';
import { ledgerPayment } from '../../functions/services/ledger';
import { creditToCampaign, type PaymentFacts } from '../../functions/services/payments';
import { createCheckout } from '../../functions/services/payments/internal/create-checkout';
import { escrowRefundStatements } from '../../functions/services/refunds/internal/refund-batch';
import { createLibsqlApp, libsqlDeps } from '../support/libsql';
import { insertCampaign, insertPerson, libsqlForFile } from '../support/libsql-fixtures';

/**
 * The backer's side on the production driver (docs/backing.md): the checkout's source and terms
 * version, the guest link request's limits, and telling backers — the chunked notice insert from a
 * JSON array, the mail follow-ups, the refund rows marked told — once per person, run repeatedly and
 * concurrently.
 */
const ctx = libsqlForFile({ ledger: true });
const SYSTEM = systemActor('command');
const uid = () => crypto.randomUUID().slice(0, 8);

/** A Stripe whose Checkout Sessions are made here: one session per idempotency key, as Stripe's. */
function fakeStripe(): Stripe {
  const sessions = new Map<string, { id: string; url: string; expires_at: number }>();
  return {
    checkout: {
      sessions: {
        create: async (_params: unknown, opts: { idempotencyKey: string }) => {
          const known = sessions.get(opts.idempotencyKey);
          if (known) return known;
          const id = `cs_test_${uid()}${uid()}`;
          const session = {
            id,
            url: `https://checkout.example/${id}`,
            expires_at: Math.floor(Date.now() / 1000) + 3600,
          };
          sessions.set(opts.idempotencyKey, session);
          return session;
        },
      },
    },
  } as unknown as Stripe;
}

describe('checkout on libSQL', () => {
  it('records the page it came from and the terms version, once however often the form is sent', async () => {
    const campaign = await insertCampaign(ctx.db);
    const stripe = fakeStripe();
    const request = {
      campaignId: campaign.id,
      payer: { guestEmail: `g_${uid()}@example.test` },
      amountCents: 2500,
      description: 'Donation',
      attemptId: crypto.randomUUID(),
      source: 'donation' as const,
      successUrl: 'https://x.example/ok',
      cancelUrl: 'https://x.example/no',
    };
    const made = await Promise.all([1, 2, 3].map(() => createCheckout({ db: ctx.db, stripe }, request)));
    expect(new Set(made.map((m) => m.id)).size).toBe(1);
    const rows = await ctx.db.select().from(checkoutSessions).where(eq(checkoutSessions.campaignId, campaign.id));
    expect(rows).toMatchObject([{ id: made[0]?.id, source: 'donation', termsVersion: FUNDING_TERMS_VERSION }]);
    // Made elsewhere (a tool): no page recorded.
    await createCheckout({ db: ctx.db, stripe }, { ...request, attemptId: crypto.randomUUID(), source: undefined });
    const sources = await ctx.db
      .select({ source: checkoutSessions.source })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.campaignId, campaign.id));
    expect(sources.map((s) => s.source).sort()).toEqual(['donation', null].sort());
  });
});

describe("a guest's link request on libSQL", () => {
  let app: ReturnType<typeof createLibsqlApp>;
  beforeAll(() => {
    app = createLibsqlApp(ctx.db);
  });
  const ask = (email: string, ip: string) =>
    app.request('/api/payments/backing-link', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:4321', 'cf-connecting-ip': ip },
      body: JSON.stringify({ email }),
    });

  it('answers the same for any address, limits 3 a day per email and 10 an hour per client, mails a payer once a day', async () => {
    const campaign = await insertCampaign(ctx.db);
    const payer = `paid_${uid()}@example.test`;
    await ctx.db.insert(checkoutSessions).values({
      id: `cs_test_${uid()}${uid()}`,
      reference: `co_${uid()}`,
      campaignId: campaign.id,
      guestEmail: payer,
      amountCents: 1000,
      currency: 'usd',
      status: 'complete',
      paymentIntentId: `pi_${uid()}`,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const ip = `10.0.${Math.floor(Math.random() * 250)}.1`;
    const answers = await Promise.all([ask(payer, ip), ask(payer, ip), ask(payer, ip)]);
    expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
    expect((await ask(payer, ip)).status).toBe(429);
    // The link mail: one follow-up per address and day, however many requests.
    const owed = await ctx.db
      .select({ key: followUps.key })
      .from(followUps)
      .where(sql`${followUps.key} like ${`backing-link:${payer}:%`}`);
    expect(owed).toHaveLength(1);
    // Ten an hour from one client, whatever the emails (three were taken above, one refused).
    const more = [];
    for (let i = 0; i < 8; i++) more.push((await ask(`n${i}_${uid()}@example.test`, ip)).status);
    expect(more).toEqual([202, 202, 202, 202, 202, 202, 202, 429]);
  });
});

/** A person's credited payment to the campaign, as our checkout and the webhook leave it. */
async function credit(db: Db, campaignId: string, payer: { userId?: string; guestEmail?: string }, cents: number) {
  const pi = `pi_${uid()}${uid()}`;
  const ref = `co_${pi}`;
  await db.insert(checkoutSessions).values({
    id: `cs_test_${uid()}${uid()}`,
    reference: ref,
    campaignId,
    payerId: payer.userId ?? null,
    guestEmail: payer.guestEmail ?? null,
    amountCents: cents,
    currency: 'usd',
    status: 'complete',
    paymentIntentId: pi,
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  const facts: PaymentFacts = {
    paymentIntentId: pi,
    amountCents: cents,
    currency: 'usd',
    metadata: { campaignId, amountCents: cents, checkoutRef: ref, payerId: payer.userId, guestEmail: payer.guestEmail },
  };
  await db.batch(creditToCampaign(db, facts) as never);
  return pi;
}

/** The deps of the job, with a mailer that counts what it sends. */
function counting() {
  const sent: { to: string; subject: string; key: string }[] = [];
  const mailer: Mailer = {
    send: async (m) => {
      sent.push({ to: m.to, subject: m.subject, key: m.idempotencyKey ?? '' });
    },
  };
  return { deps: libsqlDeps(ctx.db, { mailer }), sent };
}

describe('telling backers on libSQL', { timeout: 60_000 }, () => {
  it('130 backers in chunks, each once, run twice and concurrently', async () => {
    const campaign = await insertCampaign(ctx.db);
    const accounts = [];
    for (let i = 0; i < 70; i++) accounts.push(await insertPerson(ctx.db, { prefix: 'backer' }));
    const guests = Array.from({ length: 60 }, () => `guest_${uid()}@example.test`);
    for (const a of accounts) await credit(ctx.db, campaign.id, { userId: a.userId }, 100);
    // One account paid twice: still one notice and one mail.
    await credit(ctx.db, campaign.id, { userId: accounts[0]?.userId }, 250);
    for (const g of guests) await credit(ctx.db, campaign.id, { guestEmail: g }, 100);

    const { deps, sent } = counting();
    const event = { kind: 'completed' } as const;
    const runs = await Promise.all([
      tellBackers(deps, SYSTEM, { campaignId: campaign.id, event }),
      tellBackers(deps, SYSTEM, { campaignId: campaign.id, event }),
    ]);
    expect(runs).toEqual([130, 130]);
    await tellBackers(deps, SYSTEM, { campaignId: campaign.id, event });

    const notes = await ctx.db
      .select({ userId: notifications.userId, title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.campaignId, campaign.id), eq(notifications.topic, 'backing')));
    expect(notes.map((n) => n.userId).sort()).toEqual(accounts.map((a) => a.userId).sort());
    expect(new Set(notes.map((n) => n.message))).toEqual(new Set([fillText(TOLD_TEXT.completed, { title: 'C' })]));
    expect(sent.map((m) => m.to).sort()).toEqual([...accounts.map((a) => a.email), ...guests].sort());
    expect(new Set(sent.map((m) => m.subject))).toEqual(new Set([TOLD_TEXT.completedTitle]));
  });

  it("a cancelled campaign's payers: told once all their refunds are made, their refund rows marked told", async () => {
    const campaign = await insertCampaign(ctx.db, { status: 'cancelled' });
    const fan = await insertPerson(ctx.db, { prefix: 'fan' });
    const guest = `guest_${uid()}@example.test`;
    const pis = [
      await credit(ctx.db, campaign.id, { userId: fan.userId }, 500),
      await credit(ctx.db, campaign.id, { userId: fan.userId }, 700),
      await credit(ctx.db, campaign.id, { guestEmail: guest }, 900),
    ];
    for (const pi of pis) {
      const payment = await ledgerPayment(ctx.db, pi);
      if (!payment) throw new Error('not credited');
      await ctx.db.batch(escrowRefundStatements(ctx.db, payment, { reason: 'campaign_cancelled' }) as never);
    }
    const refunded = (pi: string) =>
      ctx.db.update(escrowRefunds).set({ refundedAt: new Date() }).where(eq(escrowRefunds.paymentIntentId, pi));
    const { deps, sent } = counting();
    const event = { kind: 'cancelled' } as const;
    // One of the fan's refunds is made, the other not yet: only the guest's is told.
    await refunded(pis[0] as string);
    await refunded(pis[2] as string);
    expect(await tellBackers(deps, SYSTEM, { campaignId: campaign.id, event })).toBe(1);
    expect(sent.map((m) => m.to)).toEqual([guest]);
    await refunded(pis[1] as string);
    await Promise.all([
      tellBackers(deps, SYSTEM, { campaignId: campaign.id, event }),
      tellBackers(deps, SYSTEM, { campaignId: campaign.id, event }),
    ]);
    await tellBackers(deps, SYSTEM, { campaignId: campaign.id, event });
    expect(sent.map((m) => m.to).sort()).toEqual([fan.email, guest].sort());
    const notes = await ctx.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, fan.userId), eq(notifications.campaignId, campaign.id)));
    expect(notes.map((n) => n.message)).toEqual([
      fillText(TOLD_TEXT.refundedCancelledMany, { count: '2', amount: '$12.00', campaign: 'C' }),
    ]);
    const rows = await ctx.db.select().from(escrowRefunds).where(eq(escrowRefunds.campaignId, campaign.id));
    expect(rows.every((r) => r.notifiedAt)).toBe(true);
    expect(sent.find((m) => m.to === guest)?.subject).toBe(TEXT.refundedTitle);
    // Told accounts exist: the notice's user is a real one.
    expect(await ctx.db.select().from(user).where(eq(user.id, fan.userId))).toHaveLength(1);
  });
});

describe('following on libSQL (docs/backing.md, "Following")', { timeout: 60_000 }, () => {
  it('follows once however often and concurrently asked, refuses a non-public campaign, unfollows idempotently', async () => {
    const campaign = await insertCampaign(ctx.db);
    const draft = await insertCampaign(ctx.db, { status: 'active' });
    const fan = await insertPerson(ctx.db, { prefix: 'follower' });
    const deps = libsqlDeps(ctx.db);
    const runs = await Promise.all([1, 2, 3].map(() => followCampaign(deps, fan, campaign.id)));
    expect(runs.filter((r) => r.followed)).toHaveLength(1);
    expect((await followedCampaigns(deps, fan)).map((c) => c.campaignId)).toEqual([campaign.id]);
    await expect(followCampaign(deps, fan, draft.id)).rejects.toMatchObject({ code: 'not_found' });
    expect((await unfollowCampaign(deps, fan, campaign.id)).unfollowed).toBe(true);
    expect((await unfollowCampaign(deps, fan, campaign.id)).unfollowed).toBe(false);
    expect(await ctx.db.select().from(campaignFollows).where(eq(campaignFollows.userId, fan.userId))).toEqual([]);
  });

  it('backers and followers are one audience: 120 followers, 10 of them backers, each told once; the 48-hours notice once', async () => {
    const campaign = await insertCampaign(ctx.db, { endDate: '2026-03-03' });
    const people = [];
    for (let i = 0; i < 120; i++) people.push(await insertPerson(ctx.db, { prefix: 'follower' }));
    const deps = libsqlDeps(ctx.db);
    for (const p of people) await followCampaign(deps, p, campaign.id);
    for (const p of people.slice(0, 10)) await credit(ctx.db, campaign.id, { userId: p.userId }, 100);

    const { deps: job, sent } = counting();
    const event = { kind: 'completed' } as const;
    expect(
      await Promise.all([
        tellBackers(job, SYSTEM, { campaignId: campaign.id, event }),
        tellBackers(job, SYSTEM, { campaignId: campaign.id, event }),
      ]),
    ).toEqual([120, 120]);
    const notes = await ctx.db
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.campaignId, campaign.id), eq(notifications.topic, 'backing')));
    expect(notes.map((n) => n.userId).sort()).toEqual(people.map((p) => p.userId).sort());
    const backers = new Set(people.slice(0, 10).map((p) => p.userId));
    for (const n of notes)
      expect(n.title).toBe(backers.has(n.userId) ? TOLD_TEXT.completedTitle : FOLLOW_TEXT.completedTitle);
    expect(sent.map((m) => m.to).sort()).toEqual(people.map((p) => p.email).sort());

    // 47 hours before its end (2026-03-04T00:00Z), the job owes the notice once however often it runs.
    const at = manualClock(Date.parse('2026-03-02T01:00:00Z'));
    const hourly = libsqlDeps(ctx.db, { clock: at, mailer: { send: async () => {} } });
    expect(await tellEndingCampaigns(hourly, SYSTEM)).toContain(campaign.id);
    expect(await tellEndingCampaigns(hourly, SYSTEM)).not.toContain(campaign.id);
    const ending = await ctx.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.campaignId, campaign.id), eq(notifications.topic, 'campaign-ending')));
    expect(ending).toHaveLength(120);
    expect(
      await ctx.db
        .select({ key: followUps.key })
        .from(followUps)
        .where(eq(followUps.key, `told:ending:${campaign.id}:2026-03-03`)),
    ).toHaveLength(1);
  });

  it("a cancellation's followers who get no refund: told once in a follower's words, the payers only of their refund", async () => {
    const campaign = await insertCampaign(ctx.db, { status: 'cancelled' });
    const fan = await insertPerson(ctx.db, { prefix: 'fan' });
    const asGuest = await insertPerson(ctx.db, { prefix: 'asguest' });
    const followers = [];
    for (let i = 0; i < 60; i++) followers.push(await insertPerson(ctx.db, { prefix: 'cfollower' }));
    // Followed while it was public: written straight (a cancelled campaign cannot be followed).
    for (const p of [fan, asGuest, ...followers])
      await ctx.db.insert(campaignFollows).values({ campaignId: campaign.id, userId: p.userId });
    const fanPi = await credit(ctx.db, campaign.id, { userId: fan.userId }, 500);
    // Paid as a guest with the account's address, still in escrow: will hear of the refund instead.
    await credit(ctx.db, campaign.id, { guestEmail: asGuest.email.toUpperCase() }, 300);
    const payment = await ledgerPayment(ctx.db, fanPi);
    if (!payment) throw new Error('not credited');
    await ctx.db.batch(escrowRefundStatements(ctx.db, payment, { reason: 'campaign_cancelled' }) as never);
    await ctx.db.update(escrowRefunds).set({ refundedAt: new Date() }).where(eq(escrowRefunds.paymentIntentId, fanPi));

    const { deps: job, sent } = counting();
    const event = { kind: 'cancelled' } as const;
    await Promise.all([
      tellBackers(job, SYSTEM, { campaignId: campaign.id, event }),
      tellBackers(job, SYSTEM, { campaignId: campaign.id, event }),
    ]);
    await tellBackers(job, SYSTEM, { campaignId: campaign.id, event });
    const notes = await ctx.db
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.campaignId, campaign.id));
    expect(notes.map((n) => n.userId).sort()).toEqual([fan, ...followers].map((p) => p.userId).sort());
    for (const n of notes)
      expect(n.title).toBe(n.userId === fan.userId ? TEXT.refundedTitle : FOLLOW_TEXT.cancelledTitle);
    expect(sent.map((m) => m.to).sort()).toEqual([fan, ...followers].map((p) => p.email).sort());
  });

  it('a late follower: the 48-hours notice once, whether the follow or the job comes first', async () => {
    const campaign = await insertCampaign(ctx.db, { endDate: '2026-05-05' });
    const early = await insertPerson(ctx.db, { prefix: 'early' });
    const late = await insertPerson(ctx.db, { prefix: 'late' });
    const sent: string[] = [];
    // 30 hours before its end (2026-05-06T00:00Z).
    const at = manualClock(Date.parse('2026-05-04T18:00:00Z'));
    const deps = libsqlDeps(ctx.db, { clock: at, mailer: { send: async (m) => void sent.push(m.to) } });
    await followCampaign(deps, early, campaign.id);
    expect(await tellEndingCampaigns(deps, SYSTEM)).toContain(campaign.id);
    await Promise.all([followCampaign(deps, late, campaign.id), followCampaign(deps, late, campaign.id)]);
    await unfollowCampaign(deps, late, campaign.id);
    await followCampaign(deps, late, campaign.id);
    const ending = await ctx.db
      .select({ userId: notifications.userId })
      .from(notifications)
      .where(and(eq(notifications.campaignId, campaign.id), eq(notifications.topic, 'campaign-ending')));
    expect(ending.map((n) => n.userId).sort()).toEqual([early.userId, late.userId].sort());
    expect(sent.sort()).toEqual([early.email, late.email].sort());
    // After its end: following it owes nothing.
    const ended = await insertCampaign(ctx.db, { endDate: '2026-05-03' });
    await followCampaign(deps, late, ended.id);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.campaignId, ended.id))).toEqual([]);
  });
});
