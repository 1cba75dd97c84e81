import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ledgerDaily } from '../../../db/schema';

/**
 * The accounts of a card dispute (docs/money.md, "Disputes"): what Stripe holds while the card's
 * bank decides (`disputed:<campaign>`), what a campaign owes for a dispute of money already released
 * to its team (`owed:<campaign>`, negative while owed), what a lost dispute took for good
 * (`written_off:<campaign>`: the amount and Stripe's fee) and the fees themselves (`dispute_fee:<campaign>`,
 * negative: the platform paid them).
 */
export const DISPUTE_ACCOUNT_TYPES = ['disputed', 'owed', 'written_off', 'dispute_fee'] as const;

/**
 * True in SQL when the payment `pi` is not held by a dispute: it has no `dispute` group, or its
 * dispute was won (the money came back). Escrow readers (a release, a cancellation's refunds) leave
 * a disputed payment alone: its money is not in escrow.
 */
export const notDisputed = (pi: SQL) =>
  sql`not exists (select 1 from ledger_groups d where d.payment_intent_id = ${pi} and d.kind = 'dispute' and not exists (select 1 from ledger_groups w where w.payment_intent_id = ${pi} and w.kind = 'dispute_won'))`;

/** The platform's dispute figures, read like the five totals from `ledger_daily`. */
export interface DisputeTotals {
  /** Balance of every disputed:<campaign>: held by Stripe until the card's bank decides. */
  inDisputeCents: number;
  /** What campaigns owe for disputes of money already released to their teams. */
  owedCents: number;
  /** Lost disputes: the amounts and Stripe's fees, gone for good. */
  writtenOffCents: number;
  /** Of which Stripe's dispute fees. */
  feesCents: number;
}

export async function disputeTotals(db: Db): Promise<DisputeTotals> {
  const rows = await db
    .select({ accountType: ledgerDaily.accountType, cents: sql<number>`sum(${ledgerDaily.cents})` })
    .from(ledgerDaily)
    .where(sql`${ledgerDaily.accountType} in ('disputed', 'owed', 'written_off', 'dispute_fee')`)
    .groupBy(ledgerDaily.accountType);
  const of = (type: string) => Number(rows.find((r) => r.accountType === type)?.cents ?? 0);
  // `0 - x`, not `-x`: no total prints as -$0.00.
  return {
    inDisputeCents: of('disputed'),
    owedCents: 0 - of('owed'),
    writtenOffCents: of('written_off'),
    feesCents: 0 - of('dispute_fee'),
  };
}

/** The dispute figures as `npm run ledger:check` prints them. */
export const DISPUTE_TOTAL_LABELS: Record<keyof DisputeTotals, string> = {
  inDisputeCents: 'in dispute',
  owedCents: 'owed by campaigns (disputes)',
  writtenOffCents: 'written off (lost disputes)',
  feesCents: 'dispute fees',
};
