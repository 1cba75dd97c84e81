import { sql } from 'drizzle-orm';
import { campaigns, ledgerEntries } from '../../../db/schema';
import { RELEASES_FOLLOW_AGREEMENTS } from './agreements-check';
import { PAYOUTS_MATCH_LEDGER } from './payouts-check';
import type { ProjectionCheck } from './projection-check';

export type { ProjectionCheck } from './projection-check';

/**
 * campaigns.current_amount — what the campaign has raised — is the sum of its escrow lines of
 * payments (in) and refunds (out). Releases to the team also leave escrow, but what was raised stays
 * raised: they are not part of it.
 */
export const CAMPAIGN_RAISED: ProjectionCheck = {
  name: 'campaigns.current_amount equals its escrow lines of payments and refunds',
  async mismatches(db) {
    // The campaign's id spelled with its table: inside the subquery a bare "id" would be the line's.
    const lines = sql<number>`coalesce((select sum(${ledgerEntries.amountCents}) from ${ledgerEntries} where ${ledgerEntries.account} = 'escrow:' || "campaigns"."id" and ${ledgerEntries.kind} in ('payment', 'refund')), 0)`;
    const rows = await db
      .select({
        id: campaigns.id,
        stored: campaigns.currentAmount,
        lines,
      })
      .from(campaigns)
      .where(sql`${campaigns.currentAmount} <> ${lines}`);
    return rows.map((r) => `campaign ${r.id}: current_amount ${r.stored}, payment and refund lines ${r.lines}`);
  },
};

/** Every projection checkLedger proves. */
export const LEDGER_PROJECTIONS: readonly ProjectionCheck[] = [
  CAMPAIGN_RAISED,
  PAYOUTS_MATCH_LEDGER,
  RELEASES_FOLLOW_AGREEMENTS,
];
