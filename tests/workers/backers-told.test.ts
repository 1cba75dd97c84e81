import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns, checkoutSessions, escrowRefunds, followUps, notifications, user } from '../../functions/db/schema';
import { TOLD_TEXT } from '../../functions/domain/backing/texts';
import { formatCents } from '../../functions/domain/campaigns/format';
import { fillText, TEXT } from '../../functions/domain/texts';
import { listOutbox } from '../../functions/platform/outbox';
import { runScheduled } from '../../functions/scheduled';
import { completeEndedCampaigns } from '../../functions/services/campaigns';
import { creditToCampaign, type PaymentFacts } from '../../functions/services/payments';
import { TEST_SYSTEM } from '../support/actors';
import { makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, type TestUser, uid } from './factories';
import {
  db,
  deliver,
  eventually,
  holdAtStripe,
  intentSucceeded,
  recordCheckout,
  registerMoneyTestHooks,
  sessionCompleted,
  testPayment,
  testPayments,
} from './stripe-support';
import { call, env } from './worker-call';

/**
 * Backers hear what becomes of a campaign they paid into (docs/backing.md, "Told"): a milestone,
 * what a vote released, its end, an admin's completion, its cancellation and their refund. Each
 * event once per person — a notice and a mail signed in, a mail as a guest — whatever the number of
 * their payments or of Stripe's deliveries; any number of backers, told in chunks.
 */
registerMoneyTestHooks();

interface Payer {
  userId?: string;
  guestEmail?: string;
}

/** A card payment through our checkout (its session names the payer), held at Stripe and credited by the webhook. */
async function paid(campaignId: string, amountCents: number, payer: Payer) {
  const p = testPayment(amountCents, campaignId);
  await holdAtStripe(p, payer.userId);
  await recordCheckout(p, { userId: payer.userId ?? null, guestEmail: payer.guestEmail ?? null });
  const event = sessionCompleted(p, payer.userId);
  expect((await deliver(event)).status).toBe(200);
  return { p, event };
}

interface Note {
  id: string;
  title: string;
  message: string;
  campaignId: string | null;
  target: string;
}

/** The person's notices about the campaign they backed, as the bell's list gives them. */
async function toldNotes(who: TestUser, campaignId: string) {
  const res = await call('/api/notifications?limit=100', { headers: { cookie: who.cookie } });
  expect(res.status).toBe(200);
  const { items } = await res.json<{ items: (Note & { topic?: string })[] }>();
  const ids = new Set(
    (
      await db()
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, who.id),
            eq(notifications.campaignId, campaignId),
            eq(notifications.topic, 'backing'),
          ),
        )
    ).map((n) => n.id),
  );
  return items.filter((n) => ids.has(n.id));
}

/** Mails to an address other than the payment receipts (sent when each payment was credited). */
const toldMails = async (to: string) =>
  (await listOutbox(env.KV, { to, limit: 200 })).filter((m) => !m.subject.startsWith('Your payment to'));

const titleOf = async (id: string) =>
  (await db().select({ title: campaigns.title }).from(campaigns).where(eq(campaigns.id, id)).get())?.title ?? '';

/** A live campaign (goal $100) with an approved member; a fan paid twice, a guest once, the member once. */
async function backedCampaign() {
  const member = await makeUser(['contributor'], 'member');
  const c = await makeCampaign({ status: 'live', members: [{ user: member, approved: true }] });
  await db().update(campaigns).set({ goalAmount: 10_000 }).where(eq(campaigns.id, c.id));
  const fan = await makeUser([], 'fan');
  const guest = `told_${uid()}@example.test`;
  await paid(c.id, 2_000, { userId: fan.id });
  await paid(c.id, 3_000, { userId: fan.id });
  await paid(c.id, 1_000, { guestEmail: guest });
  await paid(c.id, 500, { userId: member.id });
  return { ...c, member, fan, guest, title: await titleOf(c.id) };
}

/** Each backer heard the event once: one notice to each account (leading to /backing), one mail to each. */
async function expectToldOnce(
  c: Awaited<ReturnType<typeof backedCampaign>>,
  accounts: TestUser[],
  text: { title: string; message: string },
) {
  for (const who of accounts) {
    const notes = (await toldNotes(who, c.id)).filter((n) => n.title === text.title);
    expect(notes.map((n) => [n.message, n.target])).toEqual([[text.message, '/backing']]);
    const mails = (await toldMails(who.email)).filter((m) => m.subject === text.title);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(text.message);
    expect(mails[0]?.text).toContain('http://localhost:4321/backing\n');
  }
  const guestMails = (await toldMails(c.guest)).filter((m) => m.subject === text.title);
  expect(guestMails).toHaveLength(1);
  expect(guestMails[0]?.text).toContain(text.message);
  // A guest's link is signed for their email (docs/backing.md, "Guest links").
  expect(guestMails[0]?.text).toMatch(/http:\/\/localhost:4321\/backing\/1\.[A-Za-z0-9_-]+\.\d+\.[A-Za-z0-9_-]+/);
  // The team hears the campaign's events as its team, not as backers.
  expect(await toldNotes(c.member, c.id)).toEqual([]);
  expect((await toldMails(c.member.email)).filter((m) => m.subject === text.title)).toEqual([]);
}

const vote = (c: { id: string }, who: TestUser, extend: boolean) =>
  call(
    '/api/functions/vote-campaign-extension',
    jsonInit('POST', { campaignId: c.id, userId: who.id, vote: extend }, who.cookie),
  );

describe('backers hear of their campaign, once per event and person', () => {
  it('a milestone reached, across duplicate deliveries and several payments; then what the vote released', async () => {
    const c = await backedCampaign();
    const late = await makeUser([], 'late');
    // $65.00 raised: this payment crosses the $100.00 goal. Stripe delivers it again, and announces
    // the same payment once more as its payment intent.
    const crossing = await paid(c.id, 4_000, { userId: late.id });
    expect((await deliver(crossing.event)).status).toBe(200);
    expect((await deliver(intentSucceeded(crossing.p, late.id))).status).toBe(200);
    expect((await deliver(crossing.event)).status).toBe(200);
    expect((await db().select().from(campaigns).where(eq(campaigns.id, c.id)).get())?.extensionPending).toBe(true);

    await expectToldOnce(c, [c.fan, late], {
      title: TOLD_TEXT.milestoneTitle,
      message: fillText(TOLD_TEXT.milestone, { title: c.title, number: '1', goal: '$100.00' }),
    });

    // The team votes to extend: what left escrow is told, once, however often a vote is repeated.
    for (const who of [c.owner, c.member]) expect((await vote(c, who, true)).status).toBe(200);
    expect((await vote(c, c.member, true)).status).toBe(200);
    const goal = (await db().select().from(campaigns).where(eq(campaigns.id, c.id)).get())?.goalAmount ?? 0;
    await expectToldOnce(c, [c.fan, late], {
      title: TOLD_TEXT.releasedTitle,
      message: fillText(TOLD_TEXT.releasedExtended, {
        title: c.title,
        number: '1',
        amount: '$105.00',
        goal: formatCents(goal),
      }),
    });
  });

  it('the end date completes the campaign: told once, however often the job runs', async () => {
    const c = await backedCampaign();
    await db().update(campaigns).set({ endDate: '2020-01-01' }).where(eq(campaigns.id, c.id));
    const job = testPayments();
    expect(await completeEndedCampaigns(job, TEST_SYSTEM)).toContain(c.id);
    await completeEndedCampaigns(job, TEST_SYSTEM);
    await runScheduled({ cron: '0 * * * *' }, env);
    await expectToldOnce(c, [c.fan], {
      title: TEXT.campaignEnded,
      message: fillText(TEXT.campaignEndedBacker, { title: c.title }),
    });
  });

  it('an admin completes the campaign: told once', async () => {
    const c = await backedCampaign();
    const admin = await makeUser(['admin'], 'admin');
    const res = await call(`/api/campaigns/${c.id}/status`, jsonInit('POST', { status: 'completed' }, admin.cookie));
    expect(res.status).toBe(200);
    await runScheduled({ cron: '0 * * * *' }, env);
    await expectToldOnce(c, [c.fan], {
      title: TOLD_TEXT.completedTitle,
      message: fillText(TOLD_TEXT.completed, { title: c.title }),
    });
  });

  it('cancelled: each payer hears once their refunds are sent, all their payments in one notice', async () => {
    const c = await backedCampaign();
    const admin = await makeUser(['admin'], 'admin');
    const res = await call(`/api/campaigns/${c.id}/status`, jsonInit('POST', { status: 'cancelled' }, admin.cookie));
    expect(res.status).toBe(200);
    await eventually(async () => {
      const rows = await db().select().from(escrowRefunds).where(eq(escrowRefunds.campaignId, c.id));
      return rows.length === 4 && rows.every((r) => r.refundedAt && r.notifiedAt) ? rows : null;
    }, 'every payment refunded and its payer told');
    await runScheduled({ cron: '17 * * * *' }, env);
    const refunded = async (who: TestUser) => ({
      notes: (await toldNotes(who, c.id))
        .filter((n) => n.title === TEXT.refundedTitle)
        .map((n) => [n.message, n.target]),
      mails: (await toldMails(who.email)).filter((m) => m.subject === TEXT.refundedTitle).length,
    });
    // The fan's two payments: one notice, one mail, with what they got back in all.
    expect(await refunded(c.fan)).toEqual({
      notes: [
        [fillText(TOLD_TEXT.refundedCancelledMany, { count: '2', amount: '$50.00', campaign: c.title }), '/backing'],
      ],
      mails: 1,
    });
    // The team's own money handed back is theirs to hear of, as anyone's.
    expect(await refunded(c.member)).toEqual({
      notes: [[fillText(TEXT.refundedCancelled, { amount: '$5.00', campaign: c.title }), '/backing']],
      mails: 1,
    });
    const guestMails = (await toldMails(c.guest)).filter((m) => m.subject === TEXT.refundedTitle);
    expect(guestMails.map((m) => m.text.split('\n')[0])).toEqual([
      fillText(TEXT.refundedCancelled, { amount: '$10.00', campaign: c.title }),
    ]);
  });
});

describe('any number of backers, told in chunks', () => {
  it('130 backers (70 accounts, 60 guests) each get one notice or mail when an admin completes the campaign', async () => {
    const c = await makeCampaign({ status: 'live' });
    // Written straight to the database: accounts, their Checkout Sessions and the credits.
    const accounts = Array.from({ length: 70 }, () => {
      const id = crypto.randomUUID();
      return { id, email: `chunk_${id.slice(0, 8)}@example.test` };
    });
    const guests = Array.from({ length: 60 }, () => `chunk_guest_${uid()}@example.test`);
    const now = new Date();
    for (const a of accounts)
      await db()
        .insert(user)
        .values({ id: a.id, name: `chunk_${a.id.slice(0, 8)}`, email: a.email, createdAt: now, updatedAt: now });
    const payers: Payer[] = [
      ...accounts.map((a) => ({ userId: a.id })),
      ...guests.map((guestEmail) => ({ guestEmail })),
    ];
    for (const payer of payers) {
      const p = testPayment(100, c.id);
      await recordCheckout(p, { userId: payer.userId ?? null, guestEmail: payer.guestEmail ?? null });
      const facts: PaymentFacts = {
        paymentIntentId: p.pi,
        amountCents: 100,
        currency: 'usd',
        metadata: { campaignId: c.id, amountCents: 100, checkoutRef: p.checkoutRef, payerId: payer.userId },
      };
      await db().batch([
        db()
          .update(checkoutSessions)
          .set({ paymentIntentId: p.pi, status: 'complete' })
          .where(eq(checkoutSessions.id, p.sessionId)),
        ...creditToCampaign(db(), facts),
      ] as never);
    }
    const admin = await makeUser(['admin'], 'admin');
    const res = await call(`/api/campaigns/${c.id}/status`, jsonInit('POST', { status: 'completed' }, admin.cookie));
    expect(res.status).toBe(200);

    const notices = await db()
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(and(eq(notifications.campaignId, c.id), eq(notifications.topic, 'backing')));
    expect(notices.map((n) => n.userId).sort()).toEqual(accounts.map((a) => a.id).sort());
    expect(new Set(notices.map((n) => n.title))).toEqual(new Set([TOLD_TEXT.completedTitle]));
    const prefix = `told:completed:${c.id}:`;
    const mails = await db()
      .select({ payload: followUps.payload, doneAt: followUps.doneAt })
      .from(followUps)
      // D1 refuses a LIKE pattern over 50 characters.
      .where(and(eq(followUps.name, 'mail'), sql`substr(${followUps.key}, 1, ${prefix.length}) = ${prefix}`));
    expect(mails.map((m) => (JSON.parse(m.payload) as { to: string }).to).sort()).toEqual(
      [...accounts.map((a) => a.email), ...guests].sort(),
    );
    expect(mails.every((m) => m.doneAt)).toBe(true);
    expect(await toldMails(guests[0] as string)).toHaveLength(1);
    // Told is told: the job's run and the event again tell nobody twice.
    await runScheduled({ cron: '0 * * * *' }, env);
    expect(
      await db()
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(eq(notifications.campaignId, c.id), eq(notifications.topic, 'backing'))),
    ).toHaveLength(70);
  });
});
