import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns, checkoutSessions, ledgerEntries, notifications } from '../../functions/db/schema';
import { checkLedger } from '../../functions/services/ledger';
import { backersNoticeStatements, payerKeyOf } from '../../functions/services/notifications';
import {
  campaignBackers,
  creditAndRefund,
  creditPayment,
  creditToCampaign,
  type PaymentFacts,
  raisedProjection,
} from '../../functions/services/payments';
import { TEST_SYSTEM } from '../support/actors';
import { libsqlDeps } from '../support/libsql';
import { insertCampaign, libsqlForFile } from '../support/libsql-fixtures';

/** The credit batch with its campaigns.current_amount projection, on the production driver. */
const ctx = libsqlForFile({ ledger: true });

const liveCampaign = async () => (await insertCampaign(ctx.db)).id;

const facts = (campaignId: string, amountCents: number): PaymentFacts => {
  const pi = `pi_${crypto.randomUUID().slice(0, 12)}`;
  return {
    paymentIntentId: pi,
    amountCents,
    currency: 'usd',
    metadata: { campaignId, amountCents, checkoutRef: `co_${pi}`, guestEmail: 'g@example.test' },
  };
};

const raised = async (id: string) =>
  (await ctx.db.select({ v: campaigns.currentAmount }).from(campaigns).where(eq(campaigns.id, id)).get())?.v;

describe("backers and the team's notice on libSQL", () => {
  it('counts distinct payers with something in, and tells each member once per payment under repeated credits', async () => {
    const { id, ownerId } = await insertCampaign(ctx.db);
    const payers = ['a@example.test', 'A@example.test', 'b@example.test'];
    for (const [i, email] of payers.entries()) {
      const f = facts(id, 1_000 * (i + 1));
      f.metadata.guestEmail = email;
      await ctx.db.insert(checkoutSessions).values({
        id: `cs_${f.paymentIntentId}`,
        reference: f.metadata.checkoutRef,
        campaignId: id,
        guestEmail: email,
        amountCents: f.amountCents,
        currency: 'usd',
        expiresAt: new Date(Date.now() + 3_600_000),
      });
      const notice = {
        campaignId: id,
        campaignTitle: 'A campaign',
        memberIds: [ownerId],
        payerKey: payerKeyOf(f.metadata),
        amountCents: f.amountCents,
      };
      const batch = () =>
        ctx.db.batch(
          creditPayment(ctx.db, f, (posted) => [
            raisedProjection(ctx.db, id, f.amountCents, posted),
            ...backersNoticeStatements(ctx.db, notice, posted),
          ]) as never,
        );
      await Promise.all([batch(), batch()]);
    }
    // Emails compare without case: two backers.
    expect(await campaignBackers(ctx.db, id)).toBe(2);
    const notes = await ctx.db.select().from(notifications).where(eq(notifications.campaignId, id));
    expect(notes.map((n) => n.message)).toEqual(['2 new backers · $60.00']);
  });
});

describe('current_amount projection on libSQL', () => {
  it('moves once per payment under concurrent repeated credits', async () => {
    const id = await liveCampaign();
    const payments = Array.from({ length: 20 }, (_, i) => facts(id, 100 + i));
    await Promise.all(payments.flatMap((p) => [0, 1, 2].map(() => ctx.db.batch(creditToCampaign(ctx.db, p) as never))));
    expect(await raised(id)).toBe(payments.reduce((s, p) => s + p.amountCents, 0));
    const lines = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, `escrow:${id}`));
    expect(lines).toHaveLength(20);
  });

  it('a credit-and-refund batch leaves current_amount and escrow where they were, repeated or not', async () => {
    const id = await liveCampaign();
    const kept = facts(id, 5000);
    await ctx.db.batch(creditToCampaign(ctx.db, kept) as never);
    const refunded = facts(id, 3000);
    await Promise.all([0, 1, 2].map(() => ctx.db.batch(creditAndRefund(ctx.db, refunded) as never)));
    expect(await raised(id)).toBe(5000);
  });

  it('the ledger check reports a campaign whose current_amount differs from its lines', async () => {
    const id = await liveCampaign();
    await ctx.db.batch(creditToCampaign(ctx.db, facts(id, 700)) as never);
    await ctx.db.update(campaigns).set({ currentAmount: 701 }).where(eq(campaigns.id, id));
    const report = await checkLedger(libsqlDeps(ctx.db), TEST_SYSTEM);
    expect(report.problems).toEqual([
      {
        check: 'campaigns.current_amount equals its escrow lines of payments and refunds',
        detail: `campaign ${id}: current_amount 701, payment and refund lines 700`,
      },
    ]);
    await ctx.db.update(campaigns).set({ currentAmount: 700 }).where(eq(campaigns.id, id));
  });
});
