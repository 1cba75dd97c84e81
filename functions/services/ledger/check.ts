import { count, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { ledgerEntries, ledgerGroups } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { LEDGER_PROJECTIONS, type ProjectionCheck } from './internal/projections';

export interface LedgerProblem {
  check: string;
  detail: string;
}

export interface LedgerReport {
  ok: boolean;
  groups: number;
  entries: number;
  problems: LedgerProblem[];
}

/**
 * Proves the ledger's invariants: every group's lines sum to zero, every group has at least two
 * lines, every line agrees with its group on currency and kind — and every projection (a stored
 * figure derived from the ledger, like a campaign's raised amount) equals its lines.
 * `npm run ledger:check` runs it on the local database; the money tests run it after each test.
 */
export async function checkLedger(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  projections: readonly ProjectionCheck[] = LEDGER_PROJECTIONS,
) {
  authorize(actor, 'ledger.check');
  const problems: LedgerProblem[] = [];

  const unbalanced = await db
    .select({ groupId: ledgerEntries.groupId, total: sql<number>`sum(${ledgerEntries.amountCents})` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.groupId)
    .having(sql`sum(${ledgerEntries.amountCents}) <> 0`);
  for (const u of unbalanced) {
    problems.push({ check: 'group sums to zero', detail: `group ${u.groupId} sums to ${u.total}` });
  }

  const thin = await db
    .select({
      groupId: ledgerGroups.id,
      key: ledgerGroups.idempotencyKey,
      lines: sql<number>`count(${ledgerEntries.id})`,
    })
    .from(ledgerGroups)
    .leftJoin(ledgerEntries, sql`${ledgerEntries.groupId} = ${ledgerGroups.id}`)
    .groupBy(ledgerGroups.id)
    .having(sql`count(${ledgerEntries.id}) < 2`);
  for (const t of thin) {
    problems.push({ check: 'group has lines', detail: `group ${t.groupId} (${t.key}) has ${t.lines} line(s)` });
  }

  const mismatched = await db
    .select({ id: ledgerEntries.id, groupId: ledgerEntries.groupId })
    .from(ledgerEntries)
    .innerJoin(ledgerGroups, sql`${ledgerGroups.id} = ${ledgerEntries.groupId}`)
    .where(sql`${ledgerEntries.currency} <> ${ledgerGroups.currency} or ${ledgerEntries.kind} <> ${ledgerGroups.kind}`);
  for (const m of mismatched) {
    problems.push({ check: 'line matches its group', detail: `line ${m.id} differs from group ${m.groupId}` });
  }

  for (const projection of projections) {
    for (const detail of await projection.mismatches(db)) problems.push({ check: projection.name, detail });
  }

  const [groups] = await db.select({ n: count() }).from(ledgerGroups);
  const [entries] = await db.select({ n: count() }).from(ledgerEntries);
  return {
    ok: problems.length === 0,
    groups: groups?.n ?? 0,
    entries: entries?.n ?? 0,
    problems,
  } satisfies LedgerReport;
}
