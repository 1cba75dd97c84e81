import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { z } from 'zod';
import type { Db } from '../../../db/client';
import { campaigns, checkoutSessions } from '../../../db/schema';
import { teamApproved, versionInForce } from '../../agreements';
import { type LedgerPosting, ledgerWrite } from '../../ledger';

type Statement = BatchItem<'sqlite'>;

/** What our Checkout Sessions (and their payment intents) carry in metadata: see create-checkout.ts. */
export const paymentMetadata = z.object({
  campaignId: z.string().min(1),
  payerId: z.string().min(1).optional(),
  guestEmail: z.email().optional(),
  amountCents: z.coerce.number().int().positive(),
  checkoutRef: z.string().min(1),
});
export type PaymentMetadata = z.infer<typeof paymentMetadata>;

/** A succeeded payment, as either of Stripe's announcements of it describes it. */
export interface PaymentFacts {
  paymentIntentId: string;
  /** What Stripe actually collected (amount_total / amount_received): the ledger follows Stripe. */
  amountCents: number;
  currency: string;
  metadata: PaymentMetadata;
}

/**
 * Payer → campaign escrow, keyed by the payment intent: however many events announce it, one group.
 * It records the campaign's agreed share version in force when the batch runs: the money's version.
 */
export function paymentPosting(p: PaymentFacts): LedgerPosting {
  return {
    idempotencyKey: `payment:${p.paymentIntentId}`,
    kind: 'payment',
    currency: p.currency.toLowerCase(),
    campaignId: p.metadata.campaignId,
    paymentIntentId: p.paymentIntentId,
    shareVersion: versionInForce(p.metadata.campaignId),
    memo: p.metadata.guestEmail ? `guest ${p.metadata.guestEmail}` : null,
    lines: [
      { account: `payer:${p.paymentIntentId}`, amountCents: -p.amountCents, userId: p.metadata.payerId ?? null },
      { account: `escrow:${p.metadata.campaignId}`, amountCents: p.amountCents },
    ],
  };
}

/**
 * The statements that credit a payment: its ledger group, its checkout session marked complete and
 * — passed in by the caller — projection updates guarded by `posted`, so they apply exactly when
 * the group is written. Safe to repeat and to run concurrently (see ledgerWrite).
 */
export function creditPayment(db: Db, p: PaymentFacts, projections?: (posted: SQL) => Statement[]): Statement[] {
  const write = ledgerWrite(db, paymentPosting(p));
  const session = db
    .update(checkoutSessions)
    .set({ status: 'complete', paymentIntentId: p.paymentIntentId, updatedAt: new Date() })
    .where(and(eq(checkoutSessions.reference, p.metadata.checkoutRef), ne(checkoutSessions.status, 'complete')));
  return [...write.statements, session, ...(projections?.(write.posted) ?? [])];
}

/** The share version a credited payment was raised under (read in the batch; its refund carries the same). */
export const paymentVersion = (paymentIntentId: string): SQL<number | null> =>
  sql`(select pg.share_version from ledger_groups pg where pg.idempotency_key = ${`payment:${paymentIntentId}`})`;

/** Escrow → payer: the whole payment handed back, under the version it was raised under. */
export function refundPosting(p: PaymentFacts): LedgerPosting {
  return {
    idempotencyKey: `refund:${p.paymentIntentId}`,
    kind: 'refund',
    currency: p.currency.toLowerCase(),
    campaignId: p.metadata.campaignId,
    paymentIntentId: p.paymentIntentId,
    shareVersion: paymentVersion(p.paymentIntentId),
    memo: 'refunded automatically: the campaign was not taking payments',
    lines: [
      { account: `escrow:${p.metadata.campaignId}`, amountCents: -p.amountCents },
      { account: `payer:${p.paymentIntentId}`, amountCents: p.amountCents, userId: p.metadata.payerId ?? null },
    ],
  };
}

/**
 * campaigns.current_amount follows the campaign's escrow lines: moved by `deltaCents` exactly when
 * `posted` (the group carrying those lines was written in this batch).
 */
export function raisedProjection(db: Db, campaignId: string, deltaCents: number, posted: SQL): Statement {
  return db
    .update(campaigns)
    .set({ currentAmount: sql`${campaigns.currentAmount} + ${deltaCents}` })
    .where(and(eq(campaigns.id, campaignId), posted));
}

/** The credit with the campaign's raised amount moved once, with the lines. */
export function creditToCampaign(db: Db, p: PaymentFacts): Statement[] {
  return creditPayment(db, p, (posted) => [raisedProjection(db, p.metadata.campaignId, p.amountCents, posted)]);
}

/** What settle read of the campaign when it decided to credit: the batch holds only while it is still so. */
export interface CreditState {
  extensionPending: boolean;
  milestoneCount: number;
}

/**
 * raisedProjection for a live campaign, guarded against a stale read: the same update also sets
 * status to itself read back through the state settle saw (live, voting or not, in that round, its
 * team agreed). If the campaign changed since (paused, a vote opened or closed, a member added or
 * removed, the fee changed), the read is NULL, the NOT NULL
 * column refuses it and the whole batch — lines included — rolls back; isStaleCredit(err) says so
 * and the event's settle runs again on the new state (see receive-event.ts).
 */
export function guardedRaisedProjection(db: Db, p: PaymentFacts, posted: SQL, read: CreditState): Statement {
  const id = p.metadata.campaignId;
  // …and, not voting, the team still agreed on its split (no proposal waiting for a member).
  const agreed = read.extensionPending ? sql`1` : teamApproved(id);
  const still = sql`(select c.status from campaigns c where c.id = ${id} and c.status = 'live' and c.extension_pending = ${read.extensionPending ? 1 : 0} and c.milestone_count = ${read.milestoneCount} and ${agreed})`;
  return db
    .update(campaigns)
    .set({ currentAmount: sql`${campaigns.currentAmount} + ${p.amountCents}`, status: still as SQL<'live'> })
    .where(and(eq(campaigns.id, id), posted));
}

/** The credit batch lost to a change of the campaign (see guardedRaisedProjection). */
export function isStaleCredit(err: unknown): boolean {
  let e: unknown = err;
  for (let i = 0; e && i < 5; i++) {
    if (/NOT NULL constraint failed: campaigns\.status/.test(String((e as { message?: unknown }).message ?? e)))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A payment for a campaign we do not have, already refunded through Stripe: credit and refund in
 * one batch, with no projection (there is no campaign row). escrow:<id> nets to zero.
 */
export function creditAndRefundOrphan(db: Db, p: PaymentFacts): Statement[] {
  const refund = ledgerWrite(db, {
    ...refundPosting(p),
    memo: 'refunded automatically: the payment names no campaign of ours',
  });
  return [...creditPayment(db, p), ...refund.statements];
}

/**
 * A payment the campaign could not take (not live, or voting), already refunded through Stripe:
 * credited and reversed in one batch, so escrow and current_amount end where they were. Each group
 * moves the projection by its own lines only, so a concurrent plain credit of the same payment
 * still leaves current_amount equal to the escrow lines.
 */
export function creditAndRefund(db: Db, p: PaymentFacts): Statement[] {
  const refund = ledgerWrite(db, refundPosting(p));
  return [
    ...creditToCampaign(db, p),
    ...refund.statements,
    raisedProjection(db, p.metadata.campaignId, -p.amountCents, refund.posted),
  ];
}
