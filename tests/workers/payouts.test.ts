import { and, eq, like } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it, vi } from 'vitest';
import {
  accountSuspensions,
  bankPayouts,
  connectAccounts,
  ledgerGroups,
  notifications,
  payouts,
} from '../../functions/db/schema';
import { PAYOUT_TEXT } from '../../functions/domain/payouts/texts';
import { LOCAL_WEBHOOK_SECRETS, WEBHOOK_PATHS } from '../../functions/payments/stripe';
import * as obj from '../../functions/payments/test-mode/objects';
import { silentDoorbell } from '../../functions/realtime/doorbell';
import { runScheduled } from '../../functions/scheduled';
import { checkLedger } from '../../functions/services/ledger';
import { PAYOUTS_MATCH_LEDGER } from '../../functions/services/ledger/internal/payouts-check';
import { processPayouts } from '../../functions/services/payouts';
import { TEST_SYSTEM } from '../support/actors';
import { jsonInit, makeUser, type TestUser } from './factories';
import {
  connect,
  connectRow,
  makeReleasedPayouts,
  milestoneRow,
  onboard,
  payoutRow,
  readyMember,
} from './payout-factories';
import { db, deliver, eventually, registerMoneyTestHooks, testPayments, uid } from './stripe-support';
import { call, env } from './worker-call';

registerMoneyTestHooks();

const connectDelivery = (event: Stripe.Event) =>
  deliver(event, { path: WEBHOOK_PATHS.connect, secret: LOCAL_WEBHOOK_SECRETS.connect });

const deps = () => testPayments({ bell: silentDoorbell });

interface AuditRow {
  verb: string;
  actor: { kind: string; id: string | null };
  summary: string;
}
/** A payout's (or a payout account's) audit rows, newest first, as an admin reads them. */
async function auditOf(id: string, resourceType = 'payout'): Promise<AuditRow[]> {
  const admin = await makeUser(['admin'], 'auditor');
  const res = await call(`/api/admin/audit?resourceType=${resourceType}&resourceId=${id}`, {
    headers: { cookie: admin.cookie },
  });
  expect(res.status).toBe(200);
  return (await res.json<{ items: AuditRow[] }>()).items;
}

const payoutGroups = (payoutId: string) =>
  db()
    .select()
    .from(ledgerGroups)
    .where(eq(ledgerGroups.idempotencyKey, `payout:${payoutId}`));

const successNotices = (userId: string) =>
  db()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'success')));

async function mine(user: TestUser) {
  const res = await call('/api/payouts/mine', { headers: { cookie: user.cookie } });
  expect(res.status).toBe(200);
  return res.json<{
    account: { state: string; stripeAccountId: string | null; requirementsDue: string[] };
    payouts: { id: string; status: string; note: string | null; transferId: string | null }[];
    bankPayouts: { id: string; status: string; amountCents: number; failureMessage: string | null }[];
  }>();
}

describe('connected accounts', () => {
  it('connecting twice (and concurrently) makes one Express account per user, each time with a fresh link', async () => {
    const user = await makeUser(['contributor']);
    const [a, b] = await Promise.all([connect(user), connect(user)]);
    const c = await connect(user);
    expect(a.stripeAccountId).toMatch(/^acct_/);
    expect(new Set([a.stripeAccountId, b.stripeAccountId, c.stripeAccountId]).size).toBe(1);
    expect(a.url).not.toBe(c.url);
    expect(a.url).toContain('/api/payments/test-onboarding/');
    const rows = await db().select().from(connectAccounts).where(eq(connectAccounts.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ transfersActive: false, detailsSubmitted: false });
    expect((await mine(user)).account).toMatchObject({ state: 'onboarding', stripeAccountId: a.stripeAccountId });
    // Stored once, audited once, as the member's.
    expect((await auditOf(a.stripeAccountId, 'payout-account')).map((r) => [r.verb, r.actor.id])).toEqual([
      ['connectPayoutAccount', user.id],
    ]);
  });

  it('a viewer with no payouts may not connect; onboarding makes the account ready through account.updated', async () => {
    const viewer = await makeUser([]);
    const refused = await call('/api/payouts/connect', jsonInit('POST', {}, viewer.cookie));
    expect(refused.status).toBe(403);
    expect(await connectRow(viewer.id)).toBeUndefined();

    const member = await readyMember();
    expect(await connectRow(member.id)).toMatchObject({
      detailsSubmitted: true,
      payoutsEnabled: true,
      transfersActive: true,
    });
    expect((await mine(member)).account.state).toBe('ready');
  });
});

describe('processPayouts', () => {
  it('a member without a payout account waits (pending), and is paid once the account is ready', async () => {
    const member = await makeUser(['contributor'], 'payee');
    const { payoutIds, campaign } = await makeReleasedPayouts({ members: [member], shareCents: [4500] });
    const [id] = payoutIds as [string];
    expect(await processPayouts(deps(), TEST_SYSTEM, { payoutIds: [id] })).toEqual([
      { payoutId: id, result: 'waiting' },
    ]);
    expect(await payoutRow(id)).toMatchObject({ status: 'pending', attempts: 0 });
    expect((await mine(member)).payouts[0]).toMatchObject({ status: 'pending', note: PAYOUT_TEXT.waitingForAccount });

    const { url } = await connect(member);
    await onboard(url);
    const done = await eventually(async () => {
      const row = await payoutRow(id);
      return row?.status === 'completed' ? row : null;
    }, 'payout completed after onboarding');
    expect(done).toMatchObject({ attempts: 1, transferId: expect.stringMatching(/^tr_/), lastError: null });
    expect(await payoutGroups(id)).toHaveLength(1);
    expect(await successNotices(member.id)).toHaveLength(1);
    expect((await milestoneRow(campaign.id))?.payoutStatus).toBe('completed');
  });

  it('Stripe refusing the transfer (no transfers capability) fails visibly; after onboarding it is retried and completes once', async () => {
    const member = await makeUser(['contributor'], 'payee');
    const { payoutIds, campaign } = await makeReleasedPayouts({ members: [member] });
    const [id] = payoutIds as [string];
    const { url, stripeAccountId } = await connect(member);
    // Our row believes the account can take transfers (stale); Stripe knows better.
    await db().update(connectAccounts).set({ transfersActive: true }).where(eq(connectAccounts.userId, member.id));

    const [outcome] = await processPayouts(deps(), TEST_SYSTEM, { payoutIds: [id] });
    expect(outcome).toMatchObject({ payoutId: id, result: 'failed', error: expect.stringContaining('capabilities') });
    expect(await payoutRow(id)).toMatchObject({ status: 'failed', attempts: 1, stripeAccountId, transferId: null });
    expect((await mine(member)).payouts[0]?.note).toContain('capabilities');
    expect((await milestoneRow(campaign.id))?.payoutStatus).toBe('failed');
    expect(await payoutGroups(id)).toHaveLength(0);
    // Without a retry request a failed payout is left alone.
    expect(await processPayouts(deps(), TEST_SYSTEM, { payoutIds: [id] })).toEqual([]);

    await onboard(url);
    const done = await eventually(async () => {
      const row = await payoutRow(id);
      return row?.status === 'completed' ? row : null;
    }, 'retried payout completed');
    expect(done).toMatchObject({ attempts: 2, lastError: null });
    expect((await milestoneRow(campaign.id))?.payoutStatus).toBe('completed');

    // Running again (the hourly job, a second account.updated) changes nothing.
    expect(await processPayouts(deps(), TEST_SYSTEM, { payoutIds: [id], retryFailed: true })).toEqual([]);
    await connectDelivery(
      obj.event(
        'account.updated',
        `evt_${uid()}`,
        obj.onboarded(
          obj.newAccount({
            id: stripeAccountId,
            created: obj.nowSeconds(),
            type: 'express',
            country: 'US',
            email: null,
            metadata: {},
          }),
        ),
        { account: stripeAccountId },
      ),
    );
    expect(await payoutRow(id)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(await payoutGroups(id)).toHaveLength(1);
    expect(await successNotices(member.id)).toHaveLength(1);
  });

  it('five concurrent runs over the same payouts transfer each once', async () => {
    const [a, b] = [await readyMember(), await readyMember()];
    const { payoutIds, campaign } = await makeReleasedPayouts({ members: [a, b], shareCents: [3000, 2000] });
    const d = deps();
    const create = vi.spyOn(d.stripe.transfers, 'create');
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => processPayouts(d, TEST_SYSTEM, { campaignId: campaign.id, retryFailed: true })),
    );
    const completed = runs.flat().filter((o) => o.result === 'completed');
    expect(completed.map((o) => o.payoutId).sort()).toEqual([...payoutIds].sort());
    expect(create).toHaveBeenCalledTimes(2);
    for (const id of payoutIds) {
      expect(await payoutRow(id)).toMatchObject({ status: 'completed', attempts: 1 });
      expect(await payoutGroups(id)).toHaveLength(1);
      // One claim and one transfer, each audited once, whichever of the five runs won them.
      const rows = await auditOf(id);
      expect(rows.map((r) => [r.verb, r.actor.kind, r.actor.id])).toEqual([
        ['processPayouts', 'system', 'command'],
        ['processPayouts', 'system', 'command'],
      ]);
      expect(rows[0]?.summary).toMatch(/transferred \(tr_/);
      expect(rows[1]?.summary).toMatch(/sent to Stripe \(attempt 1\)/);
    }
    const call0 = create.mock.calls[0];
    expect(call0?.[0]).toMatchObject({
      transfer_group: `campaign:${campaign.id}:m1`,
      metadata: { campaignId: campaign.id, milestoneNumber: '1' },
    });
    expect(call0?.[1]).toMatchObject({ idempotencyKey: expect.stringMatching(/^payout:.+:1$/) });
    expect((await milestoneRow(campaign.id))?.payoutStatus).toBe('completed');
    await d.settled();
  });
});

describe('transfer reversals and bank payouts', () => {
  it('a reversal moves paid → reversed once, however often its events arrive', async () => {
    const member = await readyMember();
    const { payoutIds, campaign } = await makeReleasedPayouts({ members: [member], shareCents: [5000] });
    const [id] = payoutIds as [string];
    const d = deps();
    await processPayouts(d, TEST_SYSTEM, { payoutIds: [id] });
    const paid = await payoutRow(id);
    const transferId = paid?.transferId as string;
    const reversal = await d.stripe.transfers.createReversal(
      transferId,
      { amount: 1200 },
      { idempotencyKey: `rev:${id}` },
    );
    await d.settled();
    const key = `payout_reversal:${reversal.id}`;
    await eventually(async () => (await payoutRow(id))?.reversedCents === 1200, 'transfer.reversed handled');
    // The same state announced again (transfer.updated, another event id) posts nothing more.
    const transfer = await d.stripe.transfers.retrieve(transferId);
    expect((await deliver(obj.event('transfer.updated', `evt_${uid()}`, transfer))).status).toBe(200);
    expect((await payoutRow(id))?.reversedCents).toBe(1200);
    const groups = await db().select().from(ledgerGroups).where(eq(ledgerGroups.idempotencyKey, key));
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ kind: 'payout_reversal', campaignId: campaign.id });
    // The ledger check proves reversed_cents (and completed amounts) against the lines.
    await db().update(payouts).set({ reversedCents: 1100 }).where(eq(payouts.id, id));
    expect((await checkLedger({ db: db() }, TEST_SYSTEM)).problems.map((p) => p.check)).toContain(
      PAYOUTS_MATCH_LEDGER.name,
    );
    await db().update(payouts).set({ reversedCents: 1200 }).where(eq(payouts.id, id));
  });

  it("the connected account's bank payouts are recorded and shown; a late payout.created does not undo paid", async () => {
    const member = await makeUser(['contributor'], 'payee');
    const { stripeAccountId } = await connect(member);
    const po = (status: string, failure: string | null = null) =>
      ({
        id: `po_${uid()}`,
        object: 'payout',
        amount: 4200,
        currency: 'usd',
        status,
        arrival_date: obj.nowSeconds() + 86_400,
        failure_message: failure,
        created: obj.nowSeconds(),
      }) as unknown as Stripe.Payout;
    const payout = po('paid');
    const event = (type: string, p: Stripe.Payout) =>
      ({
        ...obj.event('account.updated', `evt_${uid()}`, {} as never, { account: stripeAccountId }),
        type,
        data: { object: p },
      }) as unknown as Stripe.Event;
    expect((await connectDelivery(event('payout.paid', payout))).status).toBe(200);
    expect((await connectDelivery(event('payout.created', { ...payout, status: 'pending' }))).status).toBe(200);
    const failed = po('failed', 'The bank account has been closed.');
    await connectDelivery(event('payout.failed', failed));
    const rows = await db().select().from(bankPayouts).where(like(bankPayouts.stripeAccountId, stripeAccountId));
    expect(rows).toHaveLength(2);
    const shown = (await mine(member)).bankPayouts;
    expect(shown.find((b) => b.id === payout.id)).toMatchObject({ status: 'paid', amountCents: 4200 });
    expect(shown.find((b) => b.id === failed.id)).toMatchObject({
      status: 'failed',
      failureMessage: 'The bank account has been closed.',
    });
  });
});

describe('admin retry and refresh', () => {
  it('an admin retries a failed payout: concurrent retries transfer once; a completed one cannot be retried', async () => {
    const admin = await makeUser(['admin'], 'admin');
    const member = await readyMember();
    const { payoutIds } = await makeReleasedPayouts({ members: [member] });
    const [id] = payoutIds as [string];
    await db()
      .update(payouts)
      .set({ status: 'failed', attempts: 5, lastError: 'earlier refusal' })
      .where(eq(payouts.id, id));

    const list = await call('/api/admin/payouts?status=failed', { headers: { cookie: admin.cookie } });
    const body = await list.json<{ payouts: { id: string; note: string }[]; totals: { status: string }[] }>();
    expect(body.payouts.find((p) => p.id === id)?.note).toBe('earlier refusal');
    expect(body.totals.some((t) => t.status === 'failed')).toBe(true);

    const results = await Promise.all(
      [1, 2, 3].map(() => call(`/api/admin/payouts/${id}/retry`, jsonInit('POST', {}, admin.cookie))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(await payoutRow(id)).toMatchObject({ status: 'completed', attempts: 6 });
    expect(await payoutGroups(id)).toHaveLength(1);
    const again = await call(`/api/admin/payouts/${id}/retry`, jsonInit('POST', {}, admin.cookie));
    expect(again.status).toBe(409);
    // The winning retry is audited as the admin's (claim, then transfer); the refused ones add nothing.
    expect((await auditOf(id)).map((r) => [r.verb, r.actor.id])).toEqual([
      ['retryPayout', admin.id],
      ['retryPayout', admin.id],
    ]);
  });

  it('refresh re-reads accounts and resolves a payout left processing from its transfer at Stripe', async () => {
    const admin = await makeUser(['admin'], 'admin');
    const member = await readyMember();
    const { payoutIds } = await makeReleasedPayouts({ members: [member], shareCents: [2500] });
    const [id] = payoutIds as [string];
    const account = await connectRow(member.id);
    // The worker asked Stripe for attempt 1 and stopped before recording the answer.
    const d = deps();
    const row = await payoutRow(id);
    if (!row || !account) throw new Error('fixture');
    await db()
      .update(payouts)
      .set({
        status: 'processing',
        attempts: 1,
        stripeAccountId: account.stripeAccountId,
        updatedAt: new Date(Date.now() - 600_000),
      })
      .where(eq(payouts.id, id));
    const { transferParams } = await import('../../functions/services/payouts/internal/transfer');
    const made = await d.stripe.transfers.create(transferParams(row, account.stripeAccountId), {
      idempotencyKey: `payout:${id}:1`,
    });
    await d.settled();
    // And our copy of the account is out of date.
    await db().update(connectAccounts).set({ payoutsEnabled: false }).where(eq(connectAccounts.userId, member.id));

    const res = await call('/api/admin/payouts/refresh', jsonInit('POST', {}, admin.cookie));
    expect(res.status).toBe(200);
    const { changes } = await res.json<{ changes: { kind: string; id: string; to: string }[] }>();
    expect(changes).toContainEqual(expect.objectContaining({ kind: 'payout', id, to: 'completed' }));
    expect(changes).toContainEqual(expect.objectContaining({ kind: 'account', id: account.stripeAccountId }));
    expect(await payoutRow(id)).toMatchObject({ status: 'completed', transferId: made.id, attempts: 1 });
    expect((await connectRow(member.id))?.payoutsEnabled).toBe(true);
    expect(await payoutGroups(id)).toHaveLength(1);
    expect(await successNotices(member.id)).toHaveLength(1);

    const second = await call('/api/admin/payouts/refresh', jsonInit('POST', {}, admin.cookie));
    const after = await second.json<{ changes: { id: string }[] }>();
    expect(after.changes.filter((c) => c.id === id || c.id === account.stripeAccountId)).toEqual([]);
  });
});

describe('the hourly job', () => {
  it('retries a failed payout after its backoff, leaves one tried just now or too often, and pays waiting ones', async () => {
    const [a, b, c, d] = [await readyMember(), await readyMember(), await readyMember(), await readyMember()];
    const { payoutIds } = await makeReleasedPayouts({ members: [a, b, c, d], shareCents: [1000, 1100, 1200, 1300] });
    const [due, recent, exhausted, waiting] = payoutIds as [string, string, string, string];
    const hourAgo = new Date(Date.now() - 3_600_000);
    await db()
      .update(payouts)
      .set({ status: 'failed', attempts: 1, lastError: 'refused', updatedAt: hourAgo })
      .where(eq(payouts.id, due));
    await db()
      .update(payouts)
      .set({ status: 'failed', attempts: 1, lastError: 'refused' })
      .where(eq(payouts.id, recent));
    await db()
      .update(payouts)
      .set({ status: 'failed', attempts: 5, lastError: 'refused', updatedAt: hourAgo })
      .where(eq(payouts.id, exhausted));

    const result = await runScheduled({ cron: '0 * * * *' }, env);
    expect(result.payouts).not.toBeNull();
    expect(await payoutRow(due)).toMatchObject({ status: 'completed', attempts: 2 });
    expect(await payoutRow(waiting)).toMatchObject({ status: 'completed', attempts: 1 });
    expect(await payoutRow(recent)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await payoutRow(exhausted)).toMatchObject({ status: 'failed', attempts: 5 });
    for (const id of [due, waiting]) expect(await payoutGroups(id)).toHaveLength(1);
    // The hourly job's moves are audited as the scheduled job's; a payout it left alone has no row.
    for (const id of [due, waiting])
      expect((await auditOf(id)).map((r) => [r.verb, r.actor.kind, r.actor.id])).toEqual([
        ['processPayouts', 'system', 'scheduled'],
        ['processPayouts', 'system', 'scheduled'],
      ]);
    expect(await auditOf(recent)).toEqual([]);
  });
});

describe('a suspended member (issue 45)', () => {
  it('holds the payouts of a suspended member (pending) and pays them once reinstated', async () => {
    const member = await readyMember();
    const { payoutIds } = await makeReleasedPayouts({ members: [member], shareCents: [4500] });
    const [id] = payoutIds as [string];
    await db().insert(accountSuspensions).values({ userId: member.id, reason: 'Under review' });
    expect(await processPayouts(deps(), TEST_SYSTEM, { payoutIds: [id] })).toEqual([
      { payoutId: id, result: 'waiting' },
    ]);
    expect(await payoutRow(id)).toMatchObject({ status: 'pending', attempts: 0 });
    await db().delete(accountSuspensions).where(eq(accountSuspensions.userId, member.id));
    await processPayouts(deps(), TEST_SYSTEM, { payoutIds: [id] });
    expect((await payoutRow(id))?.status).toBe('completed');
  });
});
