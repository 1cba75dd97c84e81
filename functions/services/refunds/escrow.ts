import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { escrowClaims, escrowRefunds, ledgerEntries, ledgerGroups, type RefundReason } from '../../db/schema';
import { ledgerWrite } from '../ledger/post';
import { raisedProjection, refundPosting } from '../payments/credit-payment';

type Statement = BatchItem<'sqlite'>;

/** A credited payment as the ledger knows it, with where it stands in escrow. */
export interface LedgerPayment {
  paymentIntentId: string;
  campaignId: string;
  amountCents: number;
  currency: string;
  payerId: string | null;
  guestEmail: string | null;
  /** How it left escrow, if it did. */
  claim: 'release' | 'refund' | null;
  /** Its `refund:<pi>` group exists (refunded, whether or not through escrow). */
  refunded: boolean;
}

const MEMO: Record<RefundReason, string> = {
  campaign_cancelled: 'refunded in full: the campaign was cancelled',
  refunded_at_stripe: 'refunded in full at Stripe',
};

/** Payment groups with their escrow line, payer, guest email (from the checkout) and claim. */
function paymentsWhere(db: Db, where: SQL | undefined) {
  return db
    .select({
      paymentIntentId: sql<string>`${ledgerGroups.paymentIntentId}`,
      campaignId: sql<string>`${ledgerGroups.campaignId}`,
      amountCents: ledgerEntries.amountCents,
      currency: ledgerGroups.currency,
      memo: ledgerGroups.memo,
      payerId: sql<
        string | null
      >`(select p.user_id from ledger_entries p where p.group_id = ${ledgerGroups.id} and p.account = 'payer:' || ${ledgerGroups.paymentIntentId})`,
      checkoutEmail: sql<
        string | null
      >`(select cs.guest_email from checkout_sessions cs where cs.payment_intent_id = ${ledgerGroups.paymentIntentId} limit 1)`,
      claim: sql<
        'release' | 'refund' | null
      >`(select c.claim from escrow_claims c where c.payment_intent_id = ${ledgerGroups.paymentIntentId})`,
      refunded: sql<number>`exists (select 1 from ledger_groups r where r.idempotency_key = 'refund:' || ${ledgerGroups.paymentIntentId})`,
    })
    .from(ledgerGroups)
    .innerJoin(
      ledgerEntries,
      and(
        eq(ledgerEntries.groupId, ledgerGroups.id),
        sql`${ledgerEntries.account} = 'escrow:' || ${ledgerGroups.campaignId}`,
      ),
    )
    .where(and(eq(ledgerGroups.kind, 'payment'), where));
}

type Row = Awaited<ReturnType<typeof paymentsWhere>>[number];

const toPayment = (r: Row): LedgerPayment => ({
  paymentIntentId: r.paymentIntentId,
  campaignId: r.campaignId,
  amountCents: r.amountCents,
  currency: r.currency,
  payerId: r.payerId,
  // A guest's email is on their checkout; the payment group's memo keeps it too.
  guestEmail: r.payerId ? null : (r.checkoutEmail ?? r.memo?.match(/^guest (\S+@\S+)$/)?.[1] ?? null),
  claim: r.claim,
  refunded: Boolean(r.refunded),
});

/** One payment intent's credited payment, or null when the ledger has none (not ours, or not yet). */
export async function ledgerPayment(db: Db, paymentIntentId: string): Promise<LedgerPayment | null> {
  const [row] = await paymentsWhere(db, eq(ledgerGroups.idempotencyKey, `payment:${paymentIntentId}`)).limit(1);
  return row ? toPayment(row) : null;
}

/**
 * The campaign's payments still in escrow: credited, neither released nor refunded. (A payment the
 * campaign could not take is credited and refunded together, without a claim: not in escrow.)
 */
export async function escrowedPayments(db: Db, campaignId: string): Promise<LedgerPayment[]> {
  const rows = await paymentsWhere(
    db,
    and(
      eq(ledgerGroups.campaignId, campaignId),
      sql`not exists (select 1 from escrow_claims c where c.payment_intent_id = ${ledgerGroups.paymentIntentId})`,
      sql`not exists (select 1 from ledger_groups r where r.idempotency_key = 'refund:' || ${ledgerGroups.paymentIntentId})`,
    ),
  );
  return rows.map(toPayment);
}

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
  const fromGroup = { table: ledgerGroups, where: eq(ledgerGroups.id, write.groupId) };
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
        .from(fromGroup.table)
        .where(fromGroup.where),
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
        .from(fromGroup.table)
        .where(fromGroup.where),
    ),
  ];
}

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** How a payment left escrow, read after a claim conflict. */
export async function claimOf(db: Db, paymentIntentId: string) {
  const row = await db
    .select({ claim: escrowClaims.claim })
    .from(escrowClaims)
    .where(eq(escrowClaims.paymentIntentId, paymentIntentId))
    .get();
  return row?.claim ?? null;
}

/** What the campaign screens show of a cancelled campaign's refunds. */
export interface CancelledRefunds {
  /** Payments refunded out of escrow, and their total. */
  count: number;
  cents: number;
  /** Some payment is still in escrow or waiting for Stripe: refunds are under way. */
  inProgress: boolean;
}

export async function cancelledRefunds(db: Db, campaignId: string): Promise<CancelledRefunds> {
  const row = await db
    .select({
      count: sql<number>`count(*)`,
      cents: sql<number>`coalesce(sum(${escrowRefunds.amountCents}), 0)`,
      waiting: sql<number>`coalesce(sum(case when ${escrowRefunds.refundedAt} is null then 1 else 0 end), 0)`,
    })
    .from(escrowRefunds)
    .where(eq(escrowRefunds.campaignId, campaignId))
    .get();
  const held = await escrowedPayments(db, campaignId);
  return { count: row?.count ?? 0, cents: row?.cents ?? 0, inProgress: (row?.waiting ?? 0) > 0 || held.length > 0 };
}

/** Any ledger line names the campaign: money moved through it, so it can be cancelled, never deleted. */
export async function hasLedgerLines(db: Db, campaignId: string) {
  const row = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.campaignId, campaignId))
    .limit(1)
    .get();
  return Boolean(row);
}
