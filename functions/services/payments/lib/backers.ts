import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { checkoutSessions, ledgerEntries } from '../../../db/schema';

/**
 * A campaign's backers: distinct payers — an account, or a guest by email — whose credited payments
 * (donations included) less their refunds leave something in. Read from the campaign's escrow lines
 * of payments and refunds (a release leaves escrow but the money stays raised), each paired with the
 * Checkout Session that names its payer.
 */
export async function campaignBackers(db: Db, campaignId: string): Promise<number> {
  const who = sql<string>`coalesce(${checkoutSessions.payerId}, 'guest:' || lower(${checkoutSessions.guestEmail}), ${ledgerEntries.paymentIntentId})`;
  const perPayer = db
    .select({ who: who.as('who'), net: sql<number>`sum(${ledgerEntries.amountCents})`.as('net') })
    .from(ledgerEntries)
    .leftJoin(checkoutSessions, eq(checkoutSessions.paymentIntentId, ledgerEntries.paymentIntentId))
    .where(and(eq(ledgerEntries.account, `escrow:${campaignId}`), inArray(ledgerEntries.kind, ['payment', 'refund'])))
    .groupBy(sql`who`)
    .having(sql`net > 0`)
    .as('per_payer');
  const row = await db.select({ backers: count() }).from(perPayer).get();
  return row?.backers ?? 0;
}
