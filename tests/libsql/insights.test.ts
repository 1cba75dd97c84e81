import { describe, expect, it } from 'vitest';
import { campaignContributors, campaigns, videos } from '../../functions/db/schema';
import { campaignAnalytics, campaignBreakdown, memberStatement } from '../../functions/services/insights';
import { creditToCampaign, type PaymentFacts } from '../../functions/services/payments';
import { handWrittenRelease } from '../support/ledger';
import { libsqlDeps } from '../support/libsql';
import { insertPerson, libsqlForFile } from '../support/libsql-fixtures';
import { postLedgerGroup } from '../support/post-ledger';

/** The read side's SQL (account ranges, rowid order, daily buckets, the payer join) on the production driver. */
const ctx = libsqlForFile({ ledger: true });

const person = (prefix: string) => insertPerson(ctx.db, { prefix });

const payment = (campaignId: string, amountCents: number, payerId?: string): PaymentFacts => {
  const pi = `pi_${crypto.randomUUID().slice(0, 12)}`;
  return {
    paymentIntentId: pi,
    amountCents,
    currency: 'usd',
    metadata: payerId
      ? { campaignId, amountCents, checkoutRef: `co_${pi}`, payerId }
      : { campaignId, amountCents, checkoutRef: `co_${pi}`, guestEmail: 'g@example.test' },
  };
};

describe('breakdown, statement and analytics on libSQL', () => {
  it('read the same figures the workers tests prove on D1', async () => {
    const owner = await person('owner');
    const member = await person('member');
    const payer = await person('payer');
    const movieId = crypto.randomUUID();
    await ctx.db
      .insert(videos)
      .values({ id: movieId, title: 'Film', contributorId: owner.userId, reviewStatus: 'approved' });
    const id = crypto.randomUUID();
    await ctx.db.insert(campaigns).values({
      id,
      movieId,
      title: 'C',
      status: 'live',
      goalAmount: 500_000,
      initialGoalAmount: 500_000,
      endDate: '2099-01-01',
      originatorSharePermille: 450,
    });
    await ctx.db.insert(campaignContributors).values({
      campaignId: id,
      contributorId: member.userId,
      sharePermille: 450,
      role: 'Editor',
      approved: true,
    });
    for (const p of [payment(id, 1000, payer.userId), payment(id, 500, payer.userId), payment(id, 301)]) {
      await ctx.db.batch(creditToCampaign(ctx.db, p) as never);
    }
    await postLedgerGroup(
      ctx.db,
      {
        idempotencyKey: `release:${id}:1`,
        kind: 'release',
        currency: 'usd',
        campaignId: id,
        lines: [
          { account: `escrow:${id}`, amountCents: -1500 },
          { account: 'fee:platform', amountCents: 150 },
          { account: `payable:${id}:${owner.userId}`, amountCents: 675 },
          { account: `payable:${id}:${member.userId}`, amountCents: 675 },
        ],
      },
      { with: () => [handWrittenRelease(ctx.db, `release:${id}:1`, id, 1500)] },
    );
    // Two groups of the member in one go: their order comes from the ledger's append order.
    await postLedgerGroup(ctx.db, {
      idempotencyKey: `payout:${crypto.randomUUID()}`,
      kind: 'payout',
      currency: 'usd',
      campaignId: id,
      lines: [
        { account: `payable:${id}:${member.userId}`, amountCents: -675 },
        { account: `paid:${id}:${member.userId}`, amountCents: 675 },
      ],
    });

    const b = await campaignBreakdown(libsqlDeps(ctx.db), null, id);
    expect(b).toMatchObject({ raisedCents: 1801, releasedCents: 1500, feeCents: 150, escrowCents: 301 });
    expect(b.members.map((m) => [m.userId, m.earnedCents, m.paidCents])).toEqual([
      [owner.userId, 675, 0],
      [member.userId, 675, 675],
    ]);

    const s = await memberStatement(libsqlDeps(ctx.db), member, id);
    expect(s.lines.map((l) => [l.kind, l.account, l.amountCents])).toEqual([
      ['release', 'payable', 675],
      ['payout', 'payable', -675],
      ['payout', 'paid', 675],
    ]);
    expect(s.totals).toEqual({ payable: 0, paid: 675, reversed: 0 });
    expect((await memberStatement(libsqlDeps(ctx.db), member)).lines).toHaveLength(3);

    const a = await campaignAnalytics(libsqlDeps(ctx.db), owner, id);
    expect(a).toMatchObject({ backers: 2, paymentsCount: 3, averagePaymentCents: 600, raisedCents: 1801 });
    expect(a.daily.at(-1)?.cumulativeCents).toBe(1801);
    expect(a.ledger).toMatchObject({ escrowCents: 301, feeCents: 150, payablesCents: 675, paidCents: 675 });
  });
});
