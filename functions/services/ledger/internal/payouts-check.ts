import { sql } from 'drizzle-orm';
import { payouts } from '../../../db/schema';
import type { ProjectionCheck } from './projection-check';

/**
 * Payouts as the ledger sees them, per member of a campaign: the completed payouts' amounts equal
 * their paid lines (`payout:<id>` groups), and payouts.reversed_cents equals their reversal lines.
 */
export const PAYOUTS_MATCH_LEDGER: ProjectionCheck = {
  name: 'completed payouts and reversed_cents equal their paid and reversed lines',
  async mismatches(db) {
    const member = sql`"payouts"."campaign_id" || ':' || "payouts"."user_id"`;
    const lines = (prefix: string, kind: string) =>
      sql<number>`coalesce((select sum(e.amount_cents) from ledger_entries e where e.account = ${prefix} || ${member} and e.kind = ${kind}), 0)`;
    const paid = sql<number>`sum(case when ${payouts.status} = 'completed' then ${payouts.amountCents} else 0 end)`;
    const reversed = sql<number>`sum(${payouts.reversedCents})`;
    const rows = await db
      .select({
        campaignId: payouts.campaignId,
        userId: payouts.userId,
        paid,
        paidLines: lines('paid:', 'payout'),
        reversed,
        reversedLines: lines('reversed:', 'payout_reversal'),
      })
      .from(payouts)
      .groupBy(payouts.campaignId, payouts.userId)
      .having(sql`${paid} <> ${lines('paid:', 'payout')} or ${reversed} <> ${lines('reversed:', 'payout_reversal')}`);
    return rows.map(
      (r) =>
        `payouts of ${r.userId} in campaign ${r.campaignId}: completed ${r.paid} vs paid lines ${r.paidLines}, reversed ${r.reversed} vs reversal lines ${r.reversedLines}`,
    );
  },
};
