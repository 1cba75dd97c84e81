import { sql } from 'drizzle-orm';
import type { ProjectionCheck } from './projection-check';

/**
 * Each card dispute (docs/money.md, "Disputes") is one opening group and at most one outcome, and
 * its `disputed:` lines hold its amount while it is open and nothing once it is closed.
 */
export const DISPUTES_SETTLE: ProjectionCheck = {
  name: 'each dispute is opened once, closed at most once, and holds its amount only while open',
  async mismatches(db) {
    const rows = await db.all<{ dispute: string; opened: number; closed: number; held: number | null }>(sql`
      with d as (
        select substr(g.idempotency_key, instr(g.idempotency_key, ':') + 1) as dispute, g.id, g.kind
        from ledger_groups g where g.kind in ('dispute', 'dispute_won', 'dispute_lost')
      )
      select d.dispute,
             sum(d.kind = 'dispute') as opened,
             sum(d.kind <> 'dispute') as closed,
             (select sum(e.amount_cents) from ledger_entries e join d x on x.id = e.group_id
                where x.dispute = d.dispute and e.account like 'disputed:%') as held
      from d group by d.dispute
      having opened <> 1 or closed > 1 or (closed = 1 and coalesce(held, 0) <> 0) or (closed = 0 and coalesce(held, 0) <= 0)`);
    return rows.map((r) => `dispute ${r.dispute}: opened ${r.opened}, closed ${r.closed}, holds ${r.held ?? 0}`);
  },
};
