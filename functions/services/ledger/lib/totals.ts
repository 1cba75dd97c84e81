import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ledgerDaily } from '../../../db/schema';

/**
 * The platform's five money totals, read from the ledger by the account names of the money contract
 * (docs/money.md), through its daily projection `ledger_daily` (which `npm run ledger:check` proves
 * equals the lines). One module for every reader: `npm run ledger:check` prints these totals and the
 * admin overview shows them, so the two can never disagree (docs/admin-tools.md, "Overview").
 */
export interface LedgerTotals {
  /** Paid in by backers less refunds: the sum of every campaign's raised (campaigns.current_amount). */
  raisedCents: number;
  /** Balance of every escrow:<campaign> account: paid in, not yet released or refunded. */
  escrowCents: number;
  /** Left escrow for the fee and the members' payables. */
  releasedCents: number;
  /** Left escrow back to the payers. */
  refundedCents: number;
  /** Balance of every paid:<campaign>:<user> account: transferred to members, less reversals. */
  paidOutCents: number;
}

/** One day's net raised (payments less refunds into escrow), `day` as YYYY-MM-DD (UTC). */
export interface LedgerDay {
  day: string;
  cents: number;
}

const DAY_MS = 86_400_000;

/**
 * The totals and the net raised per day: one read of `ledger_daily`'s escrow and paid rows (its
 * primary key leads with the account type), a few hundred rows however many lines the ledger holds.
 */
export async function ledgerTotals(db: Db): Promise<LedgerTotals & { days: LedgerDay[] }> {
  const rows = await db
    .select({
      accountType: ledgerDaily.accountType,
      kind: ledgerDaily.kind,
      day: ledgerDaily.day,
      cents: ledgerDaily.cents,
    })
    .from(ledgerDaily)
    .where(sql`${ledgerDaily.accountType} in ('escrow', 'paid')`);
  const totals: LedgerTotals = { raisedCents: 0, escrowCents: 0, releasedCents: 0, refundedCents: 0, paidOutCents: 0 };
  const byDay = new Map<number, number>();
  for (const row of rows) {
    const cents = Number(row.cents);
    if (row.accountType === 'paid') {
      totals.paidOutCents += cents;
      continue;
    }
    totals.escrowCents += cents;
    if (row.kind === 'release') totals.releasedCents -= cents;
    if (row.kind === 'refund') totals.refundedCents -= cents;
    if (row.kind === 'payment' || row.kind === 'refund') {
      totals.raisedCents += cents;
      byDay.set(row.day, (byDay.get(row.day) ?? 0) + cents);
    }
  }
  const days = [...byDay]
    .sort(([a], [b]) => a - b)
    .map(([d, cents]) => ({ day: new Date(d * DAY_MS).toISOString().slice(0, 10), cents }));
  return { ...totals, days };
}

/** The five totals as `npm run ledger:check` prints them, one per line. */
export const LEDGER_TOTAL_LABELS: Record<keyof LedgerTotals, string> = {
  raisedCents: 'raised',
  escrowCents: 'in escrow',
  releasedCents: 'released',
  refundedCents: 'refunded',
  paidOutCents: 'paid out',
};
