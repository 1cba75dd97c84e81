import { eq, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerGroups } from '../../functions/db/schema';
import { checkLedger, type LedgerPosting, UnbalancedLedgerError } from '../../functions/services/ledger';
import { TEST_SYSTEM } from '../support/actors';
import { expectLedgerBalanced } from '../support/ledger';
import { createLibsqlDb } from '../support/libsql';
import { postLedgerGroup } from '../support/post-ledger';

// A stand-in for campaigns.current_amount (campaigns are another feature): a figure kept equal to
// the ledger by updates that ride in the posting's batch.
const raised = sqliteTable('test_raised', {
  campaignId: text('campaign_id').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
});

let ctx: Awaited<ReturnType<typeof createLibsqlDb>>;
beforeAll(async () => {
  ctx = await createLibsqlDb();
  await ctx.client.execute('create table test_raised (campaign_id text primary key, amount_cents integer not null)');
});
afterAll(() => ctx.close());
afterEach(async () => {
  await expectLedgerBalanced(ctx.db);
});

const uid = () => crypto.randomUUID().slice(0, 8);

function payment(pi: string, campaignId: string, amountCents: number): LedgerPosting {
  return {
    idempotencyKey: `payment:${pi}`,
    kind: 'payment',
    currency: 'usd',
    campaignId,
    paymentIntentId: pi,
    lines: [
      { account: `payer:${pi}`, amountCents: -amountCents },
      { account: `escrow:${campaignId}`, amountCents },
    ],
  };
}

/** Credits a payment and moves the stand-in projection, once, in the same batch. */
function credit(posting: LedgerPosting, amountCents: number) {
  return postLedgerGroup(ctx.db, posting, {
    with: (posted) => [
      ctx.db
        .update(raised)
        .set({ amountCents: sql`${raised.amountCents} + ${amountCents}` })
        .where(sql`${raised.campaignId} = ${posting.campaignId} and ${posted}`),
    ],
  });
}

const linesOf = (key: string) =>
  ctx.db
    .select({ account: ledgerEntries.account, amount: ledgerEntries.amountCents, kind: ledgerEntries.kind })
    .from(ledgerEntries)
    .innerJoin(ledgerGroups, eq(ledgerGroups.id, ledgerEntries.groupId))
    .where(eq(ledgerGroups.idempotencyKey, key))
    .orderBy(ledgerEntries.amountCents);

const raisedOf = async (campaignId: string) =>
  (await ctx.db.select().from(raised).where(eq(raised.campaignId, campaignId)).get())?.amountCents;

describe('posting a ledger group (libSQL)', () => {
  it('writes a balanced group with its lines, copying the group context onto each line', async () => {
    const [pi, campaign] = [`pi_${uid()}`, `c_${uid()}`];
    const result = await postLedgerGroup(ctx.db, payment(pi, campaign, 2500));
    expect(result.posted).toBe(true);
    expect(await linesOf(`payment:${pi}`)).toEqual([
      { account: `payer:${pi}`, amount: -2500, kind: 'payment' },
      { account: `escrow:${campaign}`, amount: 2500, kind: 'payment' },
    ]);
    const line = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, `escrow:${campaign}`))
      .get();
    expect(line).toMatchObject({ campaignId: campaign, paymentIntentId: pi, currency: 'usd', groupId: result.groupId });
  });

  it.each([
    ['lines that do not sum to zero', [-100, 99]],
    ['a single line', [100]],
    ['a zero line', [0, 0]],
    ['fractional cents', [-10.5, 10.5]],
  ])('refuses %s and writes nothing', async (_, amounts) => {
    const key = `test:${uid()}`;
    const posting: LedgerPosting = {
      idempotencyKey: key,
      kind: 'payment',
      currency: 'usd',
      lines: amounts.map((amountCents, i) => ({ account: `acct:${i}`, amountCents })),
    };
    await expect(postLedgerGroup(ctx.db, posting)).rejects.toThrow(UnbalancedLedgerError);
    expect(await ctx.db.select().from(ledgerGroups).where(eq(ledgerGroups.idempotencyKey, key))).toEqual([]);
  });

  it('refuses the same account twice, a malformed account and a malformed currency', async () => {
    const base = payment(`pi_${uid()}`, `c_${uid()}`, 100);
    await expect(
      postLedgerGroup(ctx.db, {
        ...base,
        lines: [
          { account: 'a:1', amountCents: -1 },
          { account: 'a:1', amountCents: 1 },
        ],
      }),
    ).rejects.toThrow(/twice/);
    await expect(
      postLedgerGroup(ctx.db, {
        ...base,
        lines: [
          { account: 'has space', amountCents: -1 },
          { account: 'b', amountCents: 1 },
        ],
      }),
    ).rejects.toThrow(/invalid account/);
    await expect(postLedgerGroup(ctx.db, { ...base, currency: 'USD' })).rejects.toThrow(/currency/);
  });

  it('credits a payment once however often it is posted, even with different lines', async () => {
    const [pi, campaign] = [`pi_${uid()}`, `c_${uid()}`];
    await ctx.db.insert(raised).values({ campaignId: campaign, amountCents: 0 });
    expect((await credit(payment(pi, campaign, 1000), 1000)).posted).toBe(true);
    expect((await credit(payment(pi, campaign, 1000), 1000)).posted).toBe(false);
    // A second announcement carrying another amount changes nothing either: the key decides.
    expect((await credit(payment(pi, campaign, 7000), 7000)).posted).toBe(false);
    expect(await linesOf(`payment:${pi}`)).toHaveLength(2);
    expect(await raisedOf(campaign)).toBe(1000);
  });

  it('credits 50 concurrent payments, each delivered twice at once, exactly once each', async () => {
    const campaign = `c_${uid()}`;
    await ctx.db.insert(raised).values({ campaignId: campaign, amountCents: 0 });
    const payments = Array.from({ length: 50 }, (_, i) => ({ pi: `pi_${uid()}_${i}`, amount: 100 + i }));
    const results = await Promise.all(
      payments.flatMap(({ pi, amount }) => [
        credit(payment(pi, campaign, amount), amount),
        credit(payment(pi, campaign, amount), amount),
      ]),
    );
    expect(results.filter((r) => r.posted)).toHaveLength(50);
    const expected = payments.reduce((s, p) => s + p.amount, 0);
    const escrow = await ctx.db
      .select({ total: sql<number>`sum(${ledgerEntries.amountCents})`, lines: sql<number>`count(*)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, `escrow:${campaign}`))
      .get();
    expect(escrow).toEqual({ total: expected, lines: 50 });
    expect(await raisedOf(campaign)).toBe(expected);
  });
});

describe('the ledger check (libSQL)', () => {
  it('finds a group that does not sum to zero, a group without lines and a projection that drifted', async () => {
    const own = await createLibsqlDb();
    try {
      expect((await checkLedger({ db: own.db }, TEST_SYSTEM)).ok).toBe(true);
      await postLedgerGroup(own.db, payment(`pi_${uid()}`, 'c1', 500));
      // Damage the ledger behind the service's back.
      const [group] = await own.db.select().from(ledgerGroups);
      await own.db.insert(ledgerEntries).values({
        groupId: group?.id as string,
        account: 'stray:1',
        amountCents: 7,
        currency: 'usd',
        kind: 'payment',
      });
      await own.db.insert(ledgerGroups).values({ idempotencyKey: 'empty:1', kind: 'refund', currency: 'usd' });
      const drift = { name: 'test projection', mismatches: async () => ['c1: stored 1, lines 0'] };
      const report = await checkLedger({ db: own.db }, TEST_SYSTEM, [drift]);
      expect(report.ok).toBe(false);
      expect(report.problems.map((p) => p.check).sort()).toEqual([
        'group has lines',
        'group sums to zero',
        'test projection',
      ]);
      expect(report).toMatchObject({ groups: 2, entries: 3 });
    } finally {
      own.close();
    }
  });
});
