import { eq, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../db/client';
import { escrowClaims, escrowRefunds, ledgerGroups, type RefundReason } from '../../../db/schema';
import type { LedgerPayment } from '../../ledger';
import { ledgerWrite } from '../../ledger';
import { raisedProjection, refundPosting } from '../../payments';

type Statement = BatchItem<'sqlite'>;

const MEMO: Record<RefundReason, string> = {
  campaign_cancelled: 'refunded in full: the campaign was cancelled',
  refunded_at_stripe: 'refunded in full at Stripe',
};

export interface RefundRecord {
  reason: RefundReason;
  /** Set when Stripe already made the refund (a refund made at Stripe). */
  stripeRefundId?: string | null;
  refundedAt?: Date | null;
}

/**
 * The one batch that takes a payment out of escrow back to its payer: the `refund:<pi>` group, the
 * escrow claim (no ON CONFLICT: a payment the vote released concurrently fails the whole batch),
 * current_amount moved by −x with the lines, and the escrow_refunds row that drives the Stripe
 * refund and the payer's notice. Claim and row are written only with the group (a repeat of the
 * same refund is a no-op, not a failure). The first statement returns the group when written.
 */
export function escrowRefundStatements(db: Db, p: LedgerPayment, record: RefundRecord): Statement[] {
  const posting = {
    ...refundPosting({
      paymentIntentId: p.paymentIntentId,
      amountCents: p.amountCents,
      currency: p.currency,
      metadata: {
        campaignId: p.campaignId,
        payerId: p.payerId ?? undefined,
        amountCents: p.amountCents,
        checkoutRef: p.paymentIntentId,
      },
    }),
    memo: MEMO[record.reason],
  };
  const write = ledgerWrite(db, posting);
  // Both rows only when this batch wrote the group: a repeat writes nothing and fails nothing.
  // (An insert-select names every column, in the table's order.)
  const ifPosted = <T extends Record<string, unknown>>(values: T) =>
    Object.fromEntries(Object.entries(values).map(([k, v]) => [k, sql`${v}`.as(snake(k))])) as {
      [K in keyof T]: SQL.Aliased<T[K]>;
    };
  const thisGroup = eq(ledgerGroups.id, write.groupId);
  return [
    ...write.statements,
    db.insert(escrowClaims).select((qb) =>
      qb
        .select({
          ...ifPosted({
            paymentIntentId: p.paymentIntentId,
            campaignId: p.campaignId,
            claim: 'refund' as const,
            groupKey: posting.idempotencyKey,
          }),
          createdAt: ledgerGroups.createdAt,
        })
        .from(ledgerGroups)
        .where(thisGroup),
    ),
    raisedProjection(db, p.campaignId, -p.amountCents, write.posted),
    db.insert(escrowRefunds).select((qb) =>
      qb
        .select({
          ...ifPosted({
            paymentIntentId: p.paymentIntentId,
            campaignId: p.campaignId,
            amountCents: p.amountCents,
            currency: p.currency,
            payerId: p.payerId,
            guestEmail: p.guestEmail,
            reason: record.reason,
            stripeRefundId: record.stripeRefundId ?? null,
            refundedAt: record.refundedAt ? record.refundedAt.getTime() : null,
            attempts: 0,
            lastError: null,
            notifiedAt: null,
          }),
          createdAt: ledgerGroups.createdAt,
          updatedAt: ledgerGroups.createdAt,
        })
        .from(ledgerGroups)
        .where(thisGroup),
    ),
  ];
}

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
