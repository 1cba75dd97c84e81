import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { escrowClaims, ledgerEntries, ledgerGroups } from '../../../db/schema';
import { notDisputed } from './disputes';

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
 * The campaign's payments still in escrow: credited, neither released nor refunded, nor held by a
 * dispute. (A payment the campaign could not take is credited and refunded together, without a
 * claim: not in escrow.)
 */
export async function escrowedPayments(db: Db, campaignId: string): Promise<LedgerPayment[]> {
  const rows = await paymentsWhere(
    db,
    and(
      eq(ledgerGroups.campaignId, campaignId),
      sql`not exists (select 1 from escrow_claims c where c.payment_intent_id = ${ledgerGroups.paymentIntentId})`,
      sql`not exists (select 1 from ledger_groups r where r.idempotency_key = 'refund:' || ${ledgerGroups.paymentIntentId})`,
      notDisputed(sql`${ledgerGroups.paymentIntentId}`),
    ),
  );
  return rows.map(toPayment);
}
/** How a payment left escrow, read after a claim conflict. */
export async function claimOf(db: Db, paymentIntentId: string) {
  const row = await db
    .select({ claim: escrowClaims.claim })
    .from(escrowClaims)
    .where(eq(escrowClaims.paymentIntentId, paymentIntentId))
    .get();
  return row?.claim ?? null;
}
