import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../functions/db/schema';
import { type LedgerPosting, UnbalancedLedgerError } from '../../functions/services/ledger';
import { expectLedgerBalanced } from '../support/ledger';
import { postLedgerGroup } from '../support/post-ledger';
import { db, uid } from './stripe-support';

afterEach(async () => {
  await expectLedgerBalanced(db());
});

const payment = (pi: string, campaign: string, amountCents: number): LedgerPosting => ({
  idempotencyKey: `payment:${pi}`,
  kind: 'payment',
  currency: 'usd',
  campaignId: campaign,
  paymentIntentId: pi,
  lines: [
    { account: `payer:${pi}`, amountCents: -amountCents },
    { account: `escrow:${campaign}`, amountCents },
  ],
});

describe('the ledger on D1', () => {
  it('posts a group once per idempotency key and says whether this call wrote it', async () => {
    const [pi, campaign] = [`pi_${uid()}`, `c_${uid()}`];
    expect((await postLedgerGroup(db(), payment(pi, campaign, 700))).posted).toBe(true);
    expect((await postLedgerGroup(db(), payment(pi, campaign, 700))).posted).toBe(false);
    expect(await db().select().from(ledgerEntries).where(eq(ledgerEntries.paymentIntentId, pi))).toHaveLength(2);
  });

  it('refuses an unbalanced group', async () => {
    const posting = payment(`pi_${uid()}`, 'c', 100);
    posting.lines[1] = { account: 'escrow:c', amountCents: 99 };
    await expect(postLedgerGroup(db(), posting)).rejects.toThrow(UnbalancedLedgerError);
  });

  it('credits 30 concurrent payments, each posted twice at once, exactly once each', async () => {
    const campaign = `c_${uid()}`;
    const pis = Array.from({ length: 30 }, () => `pi_${uid()}`);
    const results = await Promise.all(
      pis.flatMap((pi) => [
        postLedgerGroup(db(), payment(pi, campaign, 250)),
        postLedgerGroup(db(), payment(pi, campaign, 250)),
      ]),
    );
    expect(results.filter((r) => r.posted)).toHaveLength(30);
    const escrow = await db()
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, `escrow:${campaign}`));
    expect(escrow.reduce((s, l) => s + l.amountCents, 0)).toBe(30 * 250);
  });
});
