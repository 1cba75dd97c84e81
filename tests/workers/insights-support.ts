import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { campaigns, escrowClaims, ledgerGroups, payouts, releasePortions } from '../../functions/db/schema';
import { type PaymentFacts, raisedProjection, refundPosting } from '../../functions/services/payments';
import { postLedgerGroup } from '../support/post-ledger';
import { db, deliver, recordCheckout, sessionCompleted, type TestPayment, testPayment, uid } from './stripe-support';

/**
 * Money movements for the read-side tests, written as docs/money.md's contract says the writers do:
 * payments through the signed webhook, releases, payouts, reversals and refunds as their ledger
 * groups with the rows that move with them.
 */

export interface Paid extends TestPayment {
  payerId?: string;
  guestEmail?: string;
}

/** A payment as our checkout records it and Stripe announces it (a checkout row, then the signed event). */
export async function pay(campaignId: string, amountCents: number, payer: { userId?: string; guestEmail?: string }) {
  const p = testPayment(amountCents, campaignId);
  await recordCheckout(p, {
    userId: payer.userId,
    guestEmail: payer.userId ? null : (payer.guestEmail ?? 'guest@example.test'),
  });
  const res = await deliver(sessionCompleted(p, payer.userId));
  expect(res.status).toBe(200);
  return { ...p, payerId: payer.userId, guestEmail: payer.guestEmail } satisfies Paid;
}

const facts = (p: Paid): PaymentFacts => ({
  paymentIntentId: p.pi,
  amountCents: p.amountCents,
  currency: 'usd',
  metadata: { campaignId: p.campaignId, amountCents: p.amountCents, checkoutRef: p.checkoutRef, payerId: p.payerId },
});

export interface ReleaseMember {
  userId: string;
  permille: number;
  isOriginator?: boolean;
}

/**
 * release:<campaign>:<n>: escrow −gross, fee:platform +fee, payable:<c>:<u> +share each (leftover
 * cents to the originator), the versions it paid (release_portions), the released payments claimed
 * and one pending payout per member.
 */
export async function release(
  campaignId: string,
  milestoneNumber: number,
  payments: Paid[],
  feePercent: number,
  members: ReleaseMember[],
) {
  const gross = payments.reduce((t, p) => t + p.amountCents, 0);
  const fee = Math.floor((gross * feePercent) / 100);
  const shares = members.map((m) => ({ ...m, cents: Math.floor((gross * m.permille) / 1000) }));
  const leftover = gross - fee - shares.reduce((t, s) => t + s.cents, 0);
  const originator = shares.find((s) => s.isOriginator);
  if (originator) originator.cents += leftover;
  const key = `release:${campaignId}:${milestoneNumber}`;
  // The versions the payments were credited under, as the release names them.
  const byVersion = new Map<number, number>();
  for (const p of payments) {
    const g = await db()
      .select({ v: ledgerGroups.shareVersion })
      .from(ledgerGroups)
      .where(eq(ledgerGroups.idempotencyKey, `payment:${p.pi}`))
      .get();
    const v = g?.v ?? 0;
    byVersion.set(v, (byVersion.get(v) ?? 0) + p.amountCents);
  }
  const payable = shares.filter((s) => s.cents > 0);
  const payoutIds = new Map(payable.map((s) => [s.userId, crypto.randomUUID()]));
  const { posted } = await postLedgerGroup(
    db(),
    {
      idempotencyKey: key,
      kind: 'release',
      currency: 'usd',
      campaignId,
      memo: `milestone ${milestoneNumber}`,
      lines: [
        { account: `escrow:${campaignId}`, amountCents: -gross },
        ...(fee > 0 ? [{ account: 'fee:platform', amountCents: fee }] : []),
        ...payable.map((s) => ({
          account: `payable:${campaignId}:${s.userId}`,
          amountCents: s.cents,
          userId: s.userId,
        })),
      ],
    },
    {
      with: () => [
        ...payments.map((p) =>
          db().insert(escrowClaims).values({ paymentIntentId: p.pi, campaignId, claim: 'release', groupKey: key }),
        ),
        ...[...byVersion].map(([shareVersion, grossCents]) =>
          db().insert(releasePortions).values({ releaseKey: key, campaignId, shareVersion, grossCents }),
        ),
        ...payable.map((s) =>
          db()
            .insert(payouts)
            .values({
              id: payoutIds.get(s.userId) as string,
              campaignId,
              milestoneNumber,
              userId: s.userId,
              amountCents: s.cents,
              currency: 'usd',
            }),
        ),
      ],
    },
  );
  expect(posted).toBe(true);
  return { gross, fee, shares: new Map(shares.map((s) => [s.userId, s.cents])), payoutIds };
}

/** payout:<payoutId>: payable −x, paid +x, the payout row completed. */
export async function payout(campaignId: string, userId: string, payoutId: string, amountCents: number) {
  const { posted } = await postLedgerGroup(
    db(),
    {
      idempotencyKey: `payout:${payoutId}`,
      kind: 'payout',
      currency: 'usd',
      campaignId,
      lines: [
        { account: `payable:${campaignId}:${userId}`, amountCents: -amountCents, userId },
        { account: `paid:${campaignId}:${userId}`, amountCents, userId },
      ],
    },
    {
      with: (ok) => [
        db()
          .update(payouts)
          .set({ status: 'completed', transferId: `tr_${uid()}`, completedAt: new Date() })
          .where(and(eq(payouts.id, payoutId), ok)),
      ],
    },
  );
  expect(posted).toBe(true);
}

/** payout_reversal:<trr>: paid −x, reversed +x, the payout's reversed_cents moved with it. */
export async function reversal(campaignId: string, userId: string, payoutId: string, amountCents: number) {
  const { posted } = await postLedgerGroup(
    db(),
    {
      idempotencyKey: `payout_reversal:trr_${uid()}`,
      kind: 'payout_reversal',
      currency: 'usd',
      campaignId,
      lines: [
        { account: `paid:${campaignId}:${userId}`, amountCents: -amountCents, userId },
        { account: `reversed:${campaignId}:${userId}`, amountCents, userId },
      ],
    },
    {
      with: (ok) => [
        db()
          .update(payouts)
          .set({ reversedCents: sql`${payouts.reversedCents} + ${amountCents}` })
          .where(and(eq(payouts.id, payoutId), ok)),
      ],
    },
  );
  expect(posted).toBe(true);
}

/** refund:<pi> of a payment in escrow: its claim and current_amount −x in the same batch. */
export async function refund(p: Paid) {
  const { posted } = await postLedgerGroup(db(), refundPosting(facts(p)), {
    with: (ok) => [
      db()
        .insert(escrowClaims)
        .values({ paymentIntentId: p.pi, campaignId: p.campaignId, claim: 'refund', groupKey: `refund:${p.pi}` }),
      raisedProjection(db(), p.campaignId, -p.amountCents, ok),
    ],
  });
  expect(posted).toBe(true);
}

export const raisedOf = async (campaignId: string) =>
  (await db().select({ v: campaigns.currentAmount }).from(campaigns).where(eq(campaigns.id, campaignId)).get())?.v;

export const setTitle = (campaignId: string, title: string) =>
  db().update(campaigns).set({ title }).where(eq(campaigns.id, campaignId));
