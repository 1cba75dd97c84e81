import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { escrowRefunds, ledgerEntries } from '../../../db/schema';
import { escrowedPayments } from './escrow';

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
