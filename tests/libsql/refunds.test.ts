import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns, escrowClaims, escrowRefunds, ledgerGroups } from '../../functions/db/schema';
import { escrowedPayments, ledgerPayment } from '../../functions/services/ledger';
import { creditToCampaign, type PaymentFacts } from '../../functions/services/payments';
import { escrowRefundStatements } from '../../functions/services/refunds/internal/refund-batch';
import { insertCampaign, libsqlForFile } from '../support/libsql-fixtures';

/** The refund batch (ledger group, escrow claim, projection, refund row) on the production driver. */
const ctx = libsqlForFile({ ledger: true });

const cancelledCampaign = async () => (await insertCampaign(ctx.db, { status: 'cancelled' })).id;

async function credited(campaignId: string, amountCents: number) {
  const pi = `pi_${crypto.randomUUID().slice(0, 12)}`;
  const p: PaymentFacts = {
    paymentIntentId: pi,
    amountCents,
    currency: 'usd',
    metadata: { campaignId, amountCents, checkoutRef: `co_${pi}`, guestEmail: 'g@example.test' },
  };
  await ctx.db.batch(creditToCampaign(ctx.db, p) as never);
  const payment = await ledgerPayment(ctx.db, pi);
  if (!payment) throw new Error('not credited');
  return payment;
}

const raised = async (id: string) =>
  (await ctx.db.select({ v: campaigns.currentAmount }).from(campaigns).where(eq(campaigns.id, id)).get())?.v;
const refundBatch = (p: Awaited<ReturnType<typeof credited>>) =>
  ctx.db.batch(escrowRefundStatements(ctx.db, p, { reason: 'campaign_cancelled' }) as never);

describe('refund out of escrow on libSQL', () => {
  it('writes group, claim, projection and refund row once, however often and concurrently it runs', async () => {
    const id = await cancelledCampaign();
    const p = await credited(id, 2500);
    expect(p.guestEmail).toBe('g@example.test');
    expect((await escrowedPayments(ctx.db, id)).map((e) => e.paymentIntentId)).toEqual([p.paymentIntentId]);
    await Promise.all([refundBatch(p), refundBatch(p), refundBatch(p)]);
    await refundBatch(p);
    expect(await raised(id)).toBe(0);
    const groups = await ctx.db
      .select()
      .from(ledgerGroups)
      .where(eq(ledgerGroups.idempotencyKey, `refund:${p.paymentIntentId}`));
    expect(groups).toHaveLength(1);
    const claims = await ctx.db.select().from(escrowClaims).where(eq(escrowClaims.campaignId, id));
    expect(claims).toMatchObject([{ paymentIntentId: p.paymentIntentId, claim: 'refund' }]);
    const rows = await ctx.db.select().from(escrowRefunds).where(eq(escrowRefunds.campaignId, id));
    expect(rows).toMatchObject([{ amountCents: 2500, guestEmail: 'g@example.test', refundedAt: null }]);
    expect(await escrowedPayments(ctx.db, id)).toEqual([]);
  });

  it('a payment already released is not refunded: the claim conflict fails the whole batch', async () => {
    const id = await cancelledCampaign();
    const p = await credited(id, 1800);
    await ctx.db
      .insert(escrowClaims)
      .values({ paymentIntentId: p.paymentIntentId, campaignId: id, claim: 'release', groupKey: `release:${id}:1` });
    await expect(refundBatch(p)).rejects.toThrow();
    expect(await raised(id)).toBe(1800);
    expect(
      await ctx.db
        .select()
        .from(ledgerGroups)
        .where(eq(ledgerGroups.idempotencyKey, `refund:${p.paymentIntentId}`)),
    ).toEqual([]);
    expect(await ctx.db.select().from(escrowRefunds).where(eq(escrowRefunds.campaignId, id))).toEqual([]);
  });
});
