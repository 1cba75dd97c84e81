import { sql } from 'drizzle-orm';
import { campaigns, ledgerDaily, ledgerEntries } from '../../../db/schema';
import { RELEASES_FOLLOW_AGREEMENTS } from './agreements-check';
import { DISPUTES_SETTLE } from './disputes-check';
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

/** The account type of a line: its account's name before the first ':' (as the trigger computes it). */
const accountType = sql`case when instr(${ledgerEntries.account}, ':') > 0 then substr(${ledgerEntries.account}, 1, instr(${ledgerEntries.account}, ':') - 1) else ${ledgerEntries.account} end`;

/**
 * ledger_daily — the lines summed per day, account type and kind, kept by the trigger of migration
 * 0025 — equals the lines: each of its rows, and no group of lines without its row.
 */
export const LEDGER_DAILY: ProjectionCheck = {
  name: 'ledger_daily equals the lines summed per day, account type and kind',
  async mismatches(db) {
    const rows = await db.all<{
      day: number;
      type: string;
      kind: string;
      stored: number | null;
      lines: number | null;
    }>(sql`
      with summed as (
        select cast(${ledgerEntries.createdAt} / 86400000 as integer) as day, ${accountType} as type,
               ${ledgerEntries.kind} as kind, sum(${ledgerEntries.amountCents}) as cents, count(*) as n
        from ${ledgerEntries} group by 1, 2, 3
      )
      select s.day, s.type, s.kind, d.cents as stored, s.cents as lines from summed s
        left join ${ledgerDaily} d on d.day = s.day and d.account_type = s.type and d.kind = s.kind
        where d.cents is null or d.cents <> s.cents or d.lines <> s.n
      union all
      select d.day, d.account_type, d.kind, d.cents, null from ${ledgerDaily} d
        where not exists (select 1 from summed s where s.day = d.day and s.type = d.account_type and s.kind = d.kind)`);
    return rows.map((r) => `ledger_daily day ${r.day} ${r.type}/${r.kind}: stored ${r.stored}, lines ${r.lines}`);
  },
};

/** Every projection checkLedger proves. */
export const LEDGER_PROJECTIONS: readonly ProjectionCheck[] = [
  CAMPAIGN_RAISED,
  PAYOUTS_MATCH_LEDGER,
  RELEASES_FOLLOW_AGREEMENTS,
  LEDGER_DAILY,
  DISPUTES_SETTLE,
];
