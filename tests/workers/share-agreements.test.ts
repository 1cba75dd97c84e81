import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  campaignMilestones,
  campaigns,
  checkoutSessions,
  ledgerEntries,
  ledgerGroups,
  payouts,
  releasePortions,
} from '../../functions/db/schema';
import { TEXT } from '../../functions/domain/texts';
import { TestStore } from '../../functions/payments/test-mode/store';
import type { AgreementHistory, CampaignView } from '../../functions/services/campaigns';
import type { CampaignBreakdown } from '../../functions/services/insights';
import type { CampaignFunding } from '../../functions/services/payments';
import { createCheckout } from '../../functions/services/payments/internal/create-checkout';
import { inDays, makeFilm } from './campaign-factories';
import { jsonInit, makeUser, type TestUser } from './factories';
import {
  db,
  deliver,
  eventually,
  registerMoneyTestHooks,
  sessionCompleted,
  testPayment,
  testPayments,
} from './stripe-support';
import { call, env } from './worker-call';

registerMoneyTestHooks();

/** Scenarios run many API calls; the machine may be busy. */
const LONG = 60_000;

const api = async <T>(path: string, method: string, body: unknown, who: TestUser | null, status = 200) => {
  const res = await call(`/api/campaigns${path}`, jsonInit(method, body, who?.cookie));
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(status);
  return res.json<T>();
};

interface Live {
  id: string;
  owner: TestUser;
  members: TestUser[];
  admin: TestUser;
}

/**
 * A campaign made, staffed and launched through the API: created (version 1, the originator
 * alone), each member invited and joined (the last join agrees the next version), submitted,
 * approved by an admin, launched by its owner.
 */
async function launched(memberCount: number, fee?: number): Promise<Live> {
  const admin = await makeUser(['admin'], 'admin');
  const owner = await makeUser(['contributor'], 'cora');
  const members = await Promise.all(Array.from({ length: memberCount }, () => makeUser(['contributor'], 'milo')));
  const movieId = await makeFilm(owner.id, 'The Quiet Floor');
  const creator = fee === undefined ? owner : admin;
  const { campaign } = await api<{ campaign: CampaignView }>(
    '',
    'POST',
    { movieId, title: 'The Quiet Floor', goalAmount: 1_000_000, endDate: inDays(30), platformFeePercentage: fee },
    creator,
    201,
  );
  const id = campaign.campaign.id;
  for (const m of members) await api(`/${id}/members`, 'POST', { userId: m.id, role: 'Editor' }, owner, 201);
  for (const m of members) await api(`/${id}/invitation/accept`, 'POST', {}, m);
  await api(`/${id}/submit`, 'POST', {}, owner);
  await api(`/${id}/approve`, 'POST', {}, admin);
  await api(`/${id}/launch`, 'POST', {}, owner);
  return { id, owner, members, admin };
}

async function pay(campaignId: string, amountCents: number) {
  const p = testPayment(amountCents, campaignId);
  expect((await deliver(sessionCompleted(p))).status).toBe(200);
  return p;
}

const paymentGroup = (pi: string) =>
  db()
    .select()
    .from(ledgerGroups)
    .where(eq(ledgerGroups.idempotencyKey, `payment:${pi}`))
    .get();

const funding = async (id: string) =>
  (await (await call(`/api/campaigns/${id}/funding`)).json<{ funding: CampaignFunding }>()).funding;
const breakdown = async (id: string) =>
  (await (await call(`/api/campaigns/${id}/breakdown`)).json<{ breakdown: CampaignBreakdown }>()).breakdown;
const history = async (id: string) =>
  (await (await call(`/api/campaigns/${id}/agreements`)).json<{ agreements: AgreementHistory }>()).agreements;

const guestCheckout = (id: string) =>
  call(`/api/campaigns/${id}/checkout`, jsonInit('POST', { amountCents: 2_500, guestEmail: 'fan@example.test' }));
const signedInCheckout = (id: string, who: TestUser) =>
  call(`/api/campaigns/${id}/checkout`, jsonInit('POST', { amountCents: 2_500 }, who.cookie));

/** The (single) release group of a campaign: its lines by account, its memo and the versions it names. */
async function release(campaignId: string) {
  const groups = await db()
    .select()
    .from(ledgerGroups)
    .where(and(eq(ledgerGroups.campaignId, campaignId), eq(ledgerGroups.kind, 'release')));
  expect(groups.length).toBeLessThanOrEqual(1);
  const group = groups[0];
  if (!group) return null;
  const lines = await db().select().from(ledgerEntries).where(eq(ledgerEntries.groupId, group.id));
  const portions = await db()
    .select({ version: releasePortions.shareVersion, gross: releasePortions.grossCents })
    .from(releasePortions)
    .where(eq(releasePortions.releaseKey, group.idempotencyKey))
    .orderBy(releasePortions.shareVersion);
  return { memo: group.memo, lines: Object.fromEntries(lines.map((l) => [l.account, l.amountCents])), portions };
}

const completeAsAdmin = (c: Live) => api(`/${c.id}/status`, 'POST', { status: 'completed' }, c.admin);
const released = (c: Live) => eventually(() => release(c.id), 'the closing release');

/** Sums each split line of a summary: what a screen shows as the total. */
const totalOf = (split: { feePercent: number; shares: { sharePermille: number }[] }) =>
  split.feePercent * 10 + split.shares.reduce((s, m) => s + m.sharePermille, 0);

describe('The Quiet Floor: money follows the split the team agreed', () => {
  it(
    'cora 45 %, milo 45 %, $75 taken, a third member proposed, an admin completes: fee $7.50, $33.75 each',
    async () => {
      const c = await launched(1);
      const [milo] = c.members as [TestUser];
      const before = await history(c.id);
      expect(before.versions.map((v) => [v.version, v.feePercent, v.shares.map((s) => s.sharePermille)])).toEqual([
        [1, 10, [900]],
        [2, 10, [450, 450]],
      ]);
      expect(before.proposal).toBeNull();

      const p = await pay(c.id, 7_500);
      expect((await paymentGroup(p.pi))?.shareVersion).toBe(2);

      // The owner adds vera: approvals reset, 30/30/30 proposed, waiting for milo and vera.
      const vera = await makeUser([], 'vera');
      await api(`/${c.id}/members`, 'POST', { userId: vera.id, role: 'Producer' }, c.owner, 201);
      const b = await breakdown(c.id);
      expect(b.split.agreed).toMatchObject({ version: 2, feePercent: 10 });
      expect(b.split.agreed?.shares.map((s) => [s.userId, s.sharePermille])).toEqual([
        [c.owner.id, 450],
        [milo.id, 450],
      ]);
      expect(b.split.proposal?.shares.map((s) => [s.userId, s.sharePermille])).toEqual([
        [c.owner.id, 300],
        [milo.id, 300],
        [vera.id, 300],
      ]);
      expect(b.split.proposal?.waitingFor).toEqual([milo.username, vera.username]);
      for (const split of [b.split.agreed, b.split.proposal]) expect(split && totalOf(split)).toBe(1000);
      // The film page's share column is the agreed split, the fee row included: 100.0 % in all.
      expect(b.feePercent * 10 + b.members.reduce((s, m) => s + (m.sharePermille ?? 0), 0)).toBe(1000);

      await completeAsAdmin(c);
      const r = await released(c);
      expect(r.lines).toEqual({
        [`escrow:${c.id}`]: -7_500,
        'fee:platform': 750,
        [`payable:${c.id}:${c.owner.id}`]: 3_375,
        [`payable:${c.id}:${milo.id}`]: 3_375,
      });
      expect(r.portions).toEqual([{ version: 2, gross: 7_500 }]);
      expect(r.memo).toContain('v2');
      const rows = await db().select().from(payouts).where(eq(payouts.campaignId, c.id));
      expect(rows.map((x) => [x.userId, x.amountCents]).sort()).toEqual(
        [
          [c.owner.id, 3_375],
          [milo.id, 3_375],
        ].sort(),
      );
      // Earned, on the film page's breakdown, by the agreed split.
      const after = await breakdown(c.id);
      expect(after.members.map((m) => [m.userId, m.sharePermille, m.earnedCents])).toEqual([
        [c.owner.id, 450, 3_375],
        [milo.id, 450, 3_375],
      ]);
    },
    LONG,
  );

  it(
    'a removal proposal left unapproved at completion still pays the removed member',
    async () => {
      const c = await launched(2);
      const [milo, vera] = c.members as [TestUser, TestUser];
      await pay(c.id, 10_000);
      const view = await api<{ campaign: CampaignView }>(`/${c.id}`, 'GET', undefined, c.owner);
      const veraRow = view.campaign.team.find((m) => m.userId === vera.id);
      await api(`/${c.id}/members/${veraRow?.id}`, 'DELETE', undefined, c.owner);
      expect((await history(c.id)).proposal?.waitingFor).toEqual([milo.username]);

      await completeAsAdmin(c);
      const r = await released(c);
      // Version 2 (30.0 % each) pays it all: vera keeps her share of what was raised while she was on the team.
      expect(r.portions).toEqual([{ version: 2, gross: 10_000 }]);
      expect(r.lines).toEqual({
        [`escrow:${c.id}`]: -10_000,
        'fee:platform': 1_000,
        [`payable:${c.id}:${c.owner.id}`]: 3_000,
        [`payable:${c.id}:${milo.id}`]: 3_000,
        [`payable:${c.id}:${vera.id}`]: 3_000,
      });
    },
    LONG,
  );

  it(
    'money raised under two versions is paid by each: the new member shares only what came after',
    async () => {
      const c = await launched(1);
      const [milo] = c.members as [TestUser];
      await pay(c.id, 7_500);
      const vera = await makeUser([], 'vera');
      await api(`/${c.id}/members`, 'POST', { userId: vera.id, role: 'Producer' }, c.owner, 201);
      await api(`/${c.id}/invitation/accept`, 'POST', {}, milo);
      expect((await funding(c.id)).takingPayments).toBe(false);
      // The last approval agrees version 3 and the campaign takes money again, without an admin.
      await api(`/${c.id}/invitation/accept`, 'POST', {}, vera);
      const f = await funding(c.id);
      expect(f).toMatchObject({ status: 'live', takingPayments: true, pausedReason: null });
      expect(f.split.proposal).toBeNull();
      expect(f.split.agreed?.version).toBe(3);
      expect(f.shares.map((s) => s.permille)).toEqual([300, 300, 300]);
      expect((await guestCheckout(c.id)).status).toBe(200);
      const later = await pay(c.id, 3_000);
      expect((await paymentGroup(later.pi))?.shareVersion).toBe(3);

      await completeAsAdmin(c);
      const r = await released(c);
      expect(r.portions).toEqual([
        { version: 2, gross: 7_500 },
        { version: 3, gross: 3_000 },
      ]);
      expect(r.memo).toContain('v2, v3');
      expect(r.lines).toEqual({
        [`escrow:${c.id}`]: -10_500,
        'fee:platform': 750 + 300,
        [`payable:${c.id}:${c.owner.id}`]: 3_375 + 900,
        [`payable:${c.id}:${milo.id}`]: 3_375 + 900,
        [`payable:${c.id}:${vera.id}`]: 900,
      });
    },
    LONG,
  );
});

describe('an approval racing an admin’s completion never releases by a half-approved split', () => {
  /** Live under v2 (cora and milo), $75 taken, vera proposed and milo approved: vera's approval is the last. */
  async function lastApprovalPending() {
    const c = await launched(1);
    const [milo] = c.members as [TestUser];
    await pay(c.id, 7_500);
    const vera = await makeUser([], 'vera');
    await api(`/${c.id}/members`, 'POST', { userId: vera.id, role: 'Producer' }, c.owner, 201);
    await api(`/${c.id}/invitation/accept`, 'POST', {}, milo);
    return { c, milo, vera };
  }

  const byVersion2 = (c: Live, milo: TestUser) => ({
    [`escrow:${c.id}`]: -7_500,
    'fee:platform': 750,
    [`payable:${c.id}:${c.owner.id}`]: 3_375,
    [`payable:${c.id}:${milo.id}`]: 3_375,
  });

  it(
    'the approval first: version 3 is agreed, and the money raised under version 2 is still paid by it',
    async () => {
      const { c, milo, vera } = await lastApprovalPending();
      await api(`/${c.id}/invitation/accept`, 'POST', {}, vera);
      await completeAsAdmin(c);
      expect((await released(c)).lines).toEqual(byVersion2(c, milo));
      expect((await history(c.id)).versions.map((v) => v.version)).toEqual([1, 2, 3]);
    },
    LONG,
  );

  it(
    'the completion first: released by version 2; the approval then agrees version 3 and moves no money',
    async () => {
      const { c, milo, vera } = await lastApprovalPending();
      await completeAsAdmin(c);
      const r = await released(c);
      await api(`/${c.id}/invitation/accept`, 'POST', {}, vera);
      expect((await history(c.id)).versions.map((v) => v.version)).toEqual([1, 2, 3]);
      expect(await release(c.id)).toEqual(r);
      expect(r.lines).toEqual(byVersion2(c, milo));
    },
    LONG,
  );

  it(
    'both at once: one release, by version 2',
    async () => {
      const { c, milo, vera } = await lastApprovalPending();
      const [accepted, completed] = await Promise.all([
        call(`/api/campaigns/${c.id}/invitation/accept`, jsonInit('POST', {}, vera.cookie)),
        call(`/api/campaigns/${c.id}/status`, jsonInit('POST', { status: 'completed' }, c.admin.cookie)),
      ]);
      expect([accepted.status, completed.status]).toEqual([200, 200]);
      expect((await released(c)).lines).toEqual(byVersion2(c, milo));
    },
    LONG,
  );
});

describe('while a proposal waits for the team, a live campaign takes no money', () => {
  it(
    'both checkouts are refused with a clear message and open Checkout Sessions are expired',
    async () => {
      const c = await launched(1);
      const open = await guestCheckout(c.id);
      expect(open.status).toBe(200);
      const { sessionId } = await open.json<{ sessionId: string }>();

      const vera = await makeUser([], 'vera');
      await api(`/${c.id}/members`, 'POST', { userId: vera.id, role: 'Producer' }, c.owner, 201);
      const expired = await eventually(async () => {
        const s = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).get();
        return s?.status === 'expired' ? s : null;
      }, 'the open session to expire');
      expect(expired.status).toBe('expired');

      const payer = await makeUser([], 'payer');
      for (const res of [await guestCheckout(c.id), await signedInCheckout(c.id, payer)]) {
        expect(res.status).toBe(409);
        expect((await res.json<{ error: { message: string } }>()).error.message).toBe(TEXT.campaignWaitingForTeam);
      }
      const f = await funding(c.id);
      expect(f).toMatchObject({ status: 'live', takingPayments: false, pausedReason: TEXT.campaignWaitingForTeam });
      const live = await (await call('/api/campaigns/live')).json<{ campaigns: { campaignId: string }[] }>();
      expect(live.campaigns.map((x) => x.campaignId)).not.toContain(c.id);
      // The campaign's own view says so: Waiting for Team Approval.
      const view = await api<{ campaign: CampaignView }>(`/${c.id}`, 'GET', undefined, c.owner);
      expect(view.campaign.displayLabel).toBe('Waiting for Team Approval');
    },
    LONG,
  );

  it(
    'a payment that arrives anyway is refunded in full, under the version in force',
    async () => {
      const c = await launched(1);
      const vera = await makeUser([], 'vera');
      // The proposal stops the campaign taking money and its follow-up expires the open sessions;
      // a session that escaped it (made as the proposal went out) is paid after it.
      await api(`/${c.id}/members`, 'POST', { userId: vera.id, role: 'Producer' }, c.owner, 201);
      const payments = testPayments();
      const late = await createCheckout(
        { db: db(), stripe: payments.stripe },
        {
          campaignId: c.id,
          payer: { guestEmail: 'late@example.test' },
          amountCents: 1_200,
          description: 'Late donation',
          attemptId: crypto.randomUUID(),
          successUrl: 'http://localhost:4321/donation-success?session_id={CHECKOUT_SESSION_ID}',
          cancelUrl: 'http://localhost:4321/',
        },
      );
      const paid = await call(`${new URL(late.url).pathname}/pay`, {
        method: 'POST',
        headers: { origin: 'http://localhost:4321', 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      const session = await eventually(async () => {
        const s = await db().select().from(checkoutSessions).where(eq(checkoutSessions.id, late.id)).get();
        return s?.paymentIntentId ? s : null;
      }, 'the late payment');
      const pi = session.paymentIntentId as string;
      const refund = await eventually(
        () =>
          db()
            .select()
            .from(ledgerGroups)
            .where(eq(ledgerGroups.idempotencyKey, `refund:${pi}`))
            .get(),
        'its refund',
      );
      expect(refund.shareVersion).toBe(2);
      expect((await paymentGroup(pi))?.shareVersion).toBe(2);
      expect((await db().select().from(campaigns).where(eq(campaigns.id, c.id)).get())?.currentAmount).toBe(0);
      const intent = await new TestStore(env.KV).get('payment_intent', pi);
      expect(intent?.amountRefunded).toBe(1_200);
    },
    LONG,
  );
});

describe('milestones and votes follow the version in force when the milestone was reached', () => {
  it(
    'the milestone names version 2; its members vote and the vote’s release pays by it',
    async () => {
      const c = await launched(1);
      const [milo] = c.members as [TestUser];
      await pay(c.id, 1_000_000);
      const milestone = await db()
        .select()
        .from(campaignMilestones)
        .where(eq(campaignMilestones.campaignId, c.id))
        .get();
      expect(milestone?.shareVersion).toBe(2);
      const { extension } = await api<{ extension: { members: { userId: string }[] } }>(
        `/${c.id}/extension-vote`,
        'GET',
        undefined,
        milo,
      );
      expect(extension.members.map((m) => m.userId)).toEqual([c.owner.id, milo.id]);
      for (const who of [c.owner, milo])
        expect(
          (
            await call(
              '/api/functions/vote-campaign-extension',
              jsonInit('POST', { campaignId: c.id, userId: who.id, vote: false }, who.cookie),
            )
          ).status,
        ).toBe(200);
      const r = await eventually(() => release(c.id), 'the vote’s release');
      expect(r.portions).toEqual([{ version: 2, gross: 1_000_000 }]);
      expect(r.lines[`payable:${c.id}:${milo.id}`]).toBe(450_000);
    },
    LONG,
  );
});
