import { and, eq, inArray, like } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../functions/db/client';
import {
  checkoutSessions,
  escrowClaims,
  followUps,
  ledgerEntries,
  ledgerGroups,
  notifications,
  stripeEvents,
} from '../../functions/db/schema';
import { STRIPE_DISPUTE_FEE_CENTS } from '../../functions/domain/disputes/rules';
import * as obj from '../../functions/payments/test-mode/objects';
import type { MyBacking } from '../../functions/services/backing';
import { disputeTotals, ledgerWrite } from '../../functions/services/ledger';
import { receiveStripeEvent } from '../../functions/services/webhooks';
import { TEST_SYSTEM } from '../support/actors';
import { expectLedgerBalanced, handWrittenRelease } from '../support/ledger';
import { campaignRow, makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, ORIGIN, type TestUser } from './factories';
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
import { call } from './worker-call';

/** A database whose first batch lets a competing write land first: the handler read, then lost the race. */
function racing(real: Db, competitor: () => Promise<unknown>): Db {
  let armed = true;
  return new Proxy(real, {
    get(target, prop, receiver) {
      if (prop === 'batch')
        return async (statements: Parameters<Db['batch']>[0]) => {
          if (armed) {
            armed = false;
            await competitor();
          }
          return target.batch(statements);
        };
      return Reflect.get(target, prop, receiver);
    },
  });
}

/**
 * Card disputes (docs/money.md, "Disputes"): charge.dispute.* through the signed webhook, the
 * ledger's dispute groups, the team's and admins' notices, and the payer's /backing — with the
 * ledger check (the function `npm run ledger:check` calls) passing after each step.
 */
registerMoneyTestHooks();

const form: RequestInit = {
  method: 'POST',
  headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
  body: '',
  redirect: 'manual',
};

/** A signed-in payer pays through the TEST checkout page; resolves once the webhook credited it. */
async function payThroughTestCheckout(campaignId: string, payer: TestUser, amountCents: number) {
  const res = await call(`/api/campaigns/${campaignId}/checkout`, jsonInit('POST', { amountCents }, payer.cookie));
  expect(res.status).toBe(200);
  const { url, sessionId } = await res.json<{ url: string; sessionId: string }>();
  const page = new URL(url).pathname;
  expect((await call(`${page}/pay`, form)).status).toBe(303);
  const pi = await eventually(async () => {
    const row = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).get();
    const credited =
      row?.paymentIntentId &&
      (
        await db()
          .select()
          .from(ledgerGroups)
          .where(eq(ledgerGroups.idempotencyKey, `payment:${row.paymentIntentId}`))
      ).length;
    return credited ? row.paymentIntentId : null;
  }, 'the payment credited');
  return { page, sessionId, pi: pi as string };
}

const groupsOf = (pi: string) =>
  db()
    .select()
    .from(ledgerGroups)
    .where(
      and(eq(ledgerGroups.paymentIntentId, pi), inArray(ledgerGroups.kind, ['dispute', 'dispute_won', 'dispute_lost'])),
    );
const kindsOf = async (pi: string) => (await groupsOf(pi)).map((g) => g.kind).sort();
const balance = async (account: string) =>
  (await db().select().from(ledgerEntries).where(eq(ledgerEntries.account, account))).reduce(
    (s, l) => s + l.amountCents,
    0,
  );

/** The payment's status as an admin sees it on the person's page (GET /api/admin/people/:id). */
async function adminStatusOf(admin: TestUser, payer: TestUser, sessionId: string) {
  const res = await call(`/api/admin/people/${payer.id}`, { headers: { cookie: admin.cookie } });
  expect(res.status).toBe(200);
  const { person } = await res.json<{ person: { payments: { id: string; status: string }[] } }>();
  return person.payments.find((p) => p.id === sessionId)?.status;
}

async function standingOf(payer: TestUser, sessionId: string) {
  const res = await call('/api/me/backing', { headers: { cookie: payer.cookie } });
  expect(res.status).toBe(200);
  const { backing } = await res.json<{ backing: MyBacking }>();
  const payment = backing.campaigns.flatMap((c) => c.payments).find((p) => p.id === sessionId);
  return { standing: payment?.standing, totals: backing.totals };
}

const disputeNoticesOf = (campaignId: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.campaignId, campaignId), eq(notifications.topic, 'dispute')));

describe('a dispute raised in TEST mode, as a test card would', () => {
  it('opened then lost: out of escrow into dispute, the team and admins told once, written off with the fee', async () => {
    const admin = await makeUser(['admin']);
    const payer = await makeUser();
    const campaign = await makeCampaign({ status: 'live' });
    const { page, sessionId, pi } = await payThroughTestCheckout(campaign.id, payer, 4000);
    const escrow = `escrow:${campaign.id}`;
    expect(await balance(escrow)).toBe(4000);
    const before = await disputeTotals(db());

    expect((await call(`${page}/dispute`, form)).status).toBe(303);
    await eventually(async () => (await kindsOf(pi)).length === 1, 'the dispute recorded');
    expect(await kindsOf(pi)).toEqual(['dispute']);
    expect(await balance(escrow)).toBe(0);
    expect(await balance(`disputed:${campaign.id}`)).toBe(4000);
    // Raised does not move: a dispute is not a refund.
    expect((await campaignRow(campaign.id))?.currentAmount).toBe(4000);
    await expectLedgerBalanced(db());
    expect((await standingOf(payer, sessionId)).standing?.kind).toBe('disputed');
    expect((await standingOf(payer, sessionId)).totals.disputedCents).toBe(4000);
    expect(await adminStatusOf(admin, payer, sessionId)).toBe('disputed');
    // The TEST page now offers to close it; raising it again changes nothing.
    expect(await (await call(page)).text()).toContain('data-dispute-won');
    expect((await call(`${page}/dispute`, form)).status).toBe(303);

    const notices = await disputeNoticesOf(campaign.id);
    expect(notices.filter((n) => n.userId === campaign.owner.id)).toHaveLength(1);
    expect(notices.filter((n) => n.userId === admin.id)).toHaveLength(1);
    expect(notices.every((n) => n.type === 'info' && n.title === 'Payment disputed')).toBe(true);
    const mails = await db().select().from(followUps).where(like(followUps.key, 'dispute-opened:%'));
    const ours = mails.filter((m) => m.payload.includes(campaign.id));
    expect(ours.map((m) => m.key).filter((k) => k.endsWith(`:${campaign.owner.id}`))).toHaveLength(1);
    expect(ours.map((m) => m.key).filter((k) => k.endsWith(`:${admin.id}`))).toHaveLength(1);

    expect((await call(`${page}/dispute/lost`, form)).status).toBe(303);
    await eventually(async () => (await kindsOf(pi)).length === 2, 'the dispute closed');
    expect(await kindsOf(pi)).toEqual(['dispute', 'dispute_lost']);
    expect(await balance(`disputed:${campaign.id}`)).toBe(0);
    expect(await balance(`written_off:${campaign.id}`)).toBe(4000 + STRIPE_DISPUTE_FEE_CENTS);
    expect(await balance(`dispute_fee:${campaign.id}`)).toBe(-STRIPE_DISPUTE_FEE_CENTS);
    expect(await balance(escrow)).toBe(0);
    await expectLedgerBalanced(db());
    const after = await disputeTotals(db());
    expect(after.writtenOffCents - before.writtenOffCents).toBe(4000 + STRIPE_DISPUTE_FEE_CENTS);
    expect(after.feesCents - before.feesCents).toBe(STRIPE_DISPUTE_FEE_CENTS);
    const { standing, totals } = await standingOf(payer, sessionId);
    expect(standing?.kind).toBe('dispute_lost');
    expect(totals).toMatchObject({ paidCents: 4000, disputedCents: 4000, heldCents: 0 });
    expect(await adminStatusOf(admin, payer, sessionId)).toBe('dispute lost');
    // Told how it ended, once each: the team and the admins, a notice and a mail.
    const closed = (await disputeNoticesOf(campaign.id)).filter((n) => n.title === 'Dispute lost');
    expect(closed.filter((n) => n.userId === campaign.owner.id)).toHaveLength(1);
    expect(closed.filter((n) => n.userId === admin.id)).toHaveLength(1);
    expect(closed[0]?.message).toContain('decided for the payer');
    expect((await disputeNoticesOf(campaign.id)).filter((n) => n.userId === campaign.owner.id)).toHaveLength(2);
    const closedMails = (await db().select().from(followUps).where(like(followUps.key, 'dispute-closed:%'))).filter(
      (m) => m.payload.includes(campaign.id),
    );
    expect(closedMails.filter((m) => m.key.endsWith(`:${campaign.owner.id}`))).toHaveLength(1);
  });

  it('opened then won: back in escrow, and the payer sees it held with the dispute won', async () => {
    const payer = await makeUser();
    const campaign = await makeCampaign({ status: 'live' });
    const { page, sessionId, pi } = await payThroughTestCheckout(campaign.id, payer, 2500);
    expect((await call(`${page}/dispute`, form)).status).toBe(303);
    await eventually(async () => (await kindsOf(pi)).length === 1, 'the dispute recorded');
    expect((await standingOf(payer, sessionId)).standing?.kind).toBe('disputed');

    expect((await call(`${page}/dispute/won`, form)).status).toBe(303);
    await eventually(async () => (await kindsOf(pi)).length === 2, 'the dispute closed');
    expect(await kindsOf(pi)).toEqual(['dispute', 'dispute_won']);
    expect(await balance(`escrow:${campaign.id}`)).toBe(2500);
    expect(await balance(`disputed:${campaign.id}`)).toBe(0);
    expect(await balance(`written_off:${campaign.id}`)).toBe(0);
    await expectLedgerBalanced(db());
    const { standing, totals } = await standingOf(payer, sessionId);
    expect(standing).toMatchObject({ kind: 'held' });
    expect(standing && 'disputeWonOn' in standing && standing.disputeWonOn).toBeTruthy();
    expect(totals).toMatchObject({ heldCents: 2500, disputedCents: 0 });
    // A closed dispute stays closed: the TEST page says so, and closing again sends nothing new.
    expect(await (await call(page)).text()).toContain('data-dispute-status="won"');
    expect((await call(`${page}/dispute/lost`, form)).status).toBe(303);
    expect(await kindsOf(pi)).toEqual(['dispute', 'dispute_won']);
    const won = (await disputeNoticesOf(campaign.id)).filter((n) => n.userId === campaign.owner.id);
    expect(won.map((n) => n.title).sort()).toEqual(['Dispute won', 'Payment disputed']);
    expect(won.find((n) => n.title === 'Dispute won')?.message).toContain('back in escrow');
  });

  it('a session that was not paid cannot be disputed (409), an unknown one is 404', async () => {
    const payer = await makeUser();
    const campaign = await makeCampaign({ status: 'live' });
    const res = await call(
      `/api/campaigns/${campaign.id}/checkout`,
      jsonInit('POST', { amountCents: 1000 }, payer.cookie),
    );
    const { url } = await res.json<{ url: string }>();
    expect((await call(`${new URL(url).pathname}/dispute`, form)).status).toBe(409);
    expect((await call(`${new URL(url).pathname}/dispute/won`, form)).status).toBe(409);
    expect((await call('/api/payments/test-checkout/cs_test_nope/dispute', form)).status).toBe(404);
  });
});

/** A Stripe dispute of a test payment, in a given status. */
function disputeObject(p: TestPayment, id: string, status: Stripe.Dispute.Status): Stripe.Dispute {
  return {
    id,
    object: 'dispute',
    amount: p.amountCents,
    currency: 'usd',
    charge: `ch_${uid()}`,
    payment_intent: p.pi,
    reason: 'fraudulent',
    status,
    balance_transactions: [],
    created: obj.nowSeconds(),
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
  } as unknown as Stripe.Dispute;
}
const disputeEvent = (
  type: 'charge.dispute.created' | 'charge.dispute.updated' | 'charge.dispute.closed',
  dispute: Stripe.Dispute,
) => obj.event(type, `evt_${uid()}`, dispute);

async function credited(campaignId: string, amountCents: number) {
  const payer = await makeUser();
  const p = testPayment(amountCents, campaignId);
  await holdAtStripe(p, payer.id);
  expect((await deliver(sessionCompleted(p, payer.id))).status).toBe(200);
  return p;
}

describe('dispute events delivered to the webhook', () => {
  it('closed before created, and every event repeated: each group written once, the team told once of each', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const p = await credited(campaign.id, 3000);
    const id = `dp_${uid()}`;
    const closed = disputeEvent('charge.dispute.closed', disputeObject(p, id, 'lost'));
    expect((await deliver(closed)).status).toBe(200);
    expect(await kindsOf(p.pi)).toEqual(['dispute', 'dispute_lost']);
    await expectLedgerBalanced(db());
    const created = disputeEvent('charge.dispute.created', disputeObject(p, id, 'needs_response'));
    const updated = disputeEvent('charge.dispute.updated', disputeObject(p, id, 'under_review'));
    const won = disputeEvent('charge.dispute.closed', disputeObject(p, id, 'won'));
    const results = await Promise.all([deliver(created), deliver(created), deliver(updated), deliver(closed)]);
    for (const r of results) expect(r.status).toBe(200);
    // A later event cannot turn a lost dispute into a won one.
    expect((await deliver(won)).status).toBe(200);
    expect(await kindsOf(p.pi)).toEqual(['dispute', 'dispute_lost']);
    expect(await balance(`escrow:${campaign.id}`)).toBe(0);
    expect(await balance(`written_off:${campaign.id}`)).toBe(3000 + STRIPE_DISPUTE_FEE_CENTS);
    const told = (await disputeNoticesOf(campaign.id)).filter((n) => n.userId === campaign.owner.id);
    expect(told.map((n) => n.title).sort()).toEqual(['Dispute lost', 'Payment disputed']);
    await expectLedgerBalanced(db());
  });

  it('a dispute of a payment already released at a milestone is owed by the campaign, then cleared when won', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const p = await credited(campaign.id, 5000);
    // The vote released it (its escrow claim; the release's lines are the milestones tests').
    await db()
      .insert(escrowClaims)
      .values({
        paymentIntentId: p.pi,
        campaignId: campaign.id,
        claim: 'release',
        groupKey: `release:${campaign.id}:1`,
      });
    const id = `dp_${uid()}`;
    expect((await deliver(disputeEvent('charge.dispute.created', disputeObject(p, id, 'needs_response')))).status).toBe(
      200,
    );
    expect(await balance(`owed:${campaign.id}`)).toBe(-5000);
    expect(await balance(`disputed:${campaign.id}`)).toBe(5000);
    expect(await balance(`escrow:${campaign.id}`)).toBe(5000);
    const notice = (await disputeNoticesOf(campaign.id)).find((n) => n.userId === campaign.owner.id);
    expect(notice?.message).toContain('already released to the team');
    await expectLedgerBalanced(db());
    expect((await deliver(disputeEvent('charge.dispute.closed', disputeObject(p, id, 'won')))).status).toBe(200);
    expect(await balance(`owed:${campaign.id}`)).toBe(0);
    expect(await balance(`disputed:${campaign.id}`)).toBe(0);
    expect(await kindsOf(p.pi)).toEqual(['dispute', 'dispute_won']);
    await expectLedgerBalanced(db());
  });

  it('a release committing between the dispute’s read and its write: owed by the campaign, escrow taken once', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const p = await credited(campaign.id, 5000);
    const member = await makeUser();
    // The vote's release lands after the handler read the payment as still in escrow.
    const release = async () => {
      const write = ledgerWrite(db(), {
        idempotencyKey: `release:${campaign.id}:1`,
        kind: 'release',
        currency: 'usd',
        campaignId: campaign.id,
        lines: [
          { account: `escrow:${campaign.id}`, amountCents: -5000 },
          { account: `payable:${campaign.id}:${member.id}`, amountCents: 5000, userId: member.id },
        ],
      });
      await db().batch([
        ...(write.statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]),
        db()
          .insert(escrowClaims)
          .values({
            paymentIntentId: p.pi,
            campaignId: campaign.id,
            claim: 'release',
            groupKey: `release:${campaign.id}:1`,
          }),
        handWrittenRelease(db(), `release:${campaign.id}:1`, campaign.id, 5000),
      ]);
    };
    const id = `dp_${uid()}`;
    await receiveStripeEvent(
      { ...testPayments(), db: racing(db(), release) },
      TEST_SYSTEM,
      disputeEvent('charge.dispute.created', disputeObject(p, id, 'needs_response')),
      'platform',
    );
    expect(await balance(`escrow:${campaign.id}`)).toBe(0);
    expect(await balance(`owed:${campaign.id}`)).toBe(-5000);
    expect(await balance(`disputed:${campaign.id}`)).toBe(5000);
    expect((await campaignRow(campaign.id))?.status).toBe('live');
    await expectLedgerBalanced(db());
  });

  it('an open dispute keeps the payment out of a cancellation’s refunds', async () => {
    const admin = await makeUser(['admin']);
    const campaign = await makeCampaign({ status: 'live' });
    const p = await credited(campaign.id, 1200);
    const q = await credited(campaign.id, 800);
    expect(
      (await deliver(disputeEvent('charge.dispute.created', disputeObject(p, `dp_${uid()}`, 'needs_response')))).status,
    ).toBe(200);
    const res = await call(
      `/api/campaigns/${campaign.id}/status`,
      jsonInit('POST', { status: 'cancelled' }, admin.cookie),
    );
    expect(res.status).toBe(200);
    await eventually(
      async () =>
        (
          await db()
            .select()
            .from(ledgerGroups)
            .where(eq(ledgerGroups.idempotencyKey, `refund:${q.pi}`))
        ).length,
      'the undisputed payment refunded',
    );
    expect(
      await db()
        .select()
        .from(ledgerGroups)
        .where(eq(ledgerGroups.idempotencyKey, `refund:${p.pi}`)),
    ).toEqual([]);
    expect(await balance(`escrow:${campaign.id}`)).toBe(0);
    await expectLedgerBalanced(db());
  });

  it('refuses an unsigned or wrongly signed dispute before touching anything', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const p = await credited(campaign.id, 1500);
    const event = disputeEvent('charge.dispute.created', disputeObject(p, `dp_${uid()}`, 'needs_response'));
    expect((await deliver(event, { sign: false })).status).toBe(400);
    expect((await deliver(event, { secret: 'whsec_wrong' })).status).toBe(400);
    expect(await db().select().from(stripeEvents).where(eq(stripeEvents.id, event.id))).toEqual([]);
    expect(await kindsOf(p.pi)).toEqual([]);
  });
});
