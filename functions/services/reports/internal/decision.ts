import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { reports } from '../../../db/schema';
import type { HideableKind, ReportStatus } from '../../../domain/reports/kinds';

/**
 * An admin's decision on an item's open reports: closes every open report on it under one
 * `decision_id`, only while `when` holds. It is the batch's deciding write — of two admins at once,
 * one closes the reports and the other finds none open — and the rest of the batch is written only
 * `decided` (docs/reports.md).
 */
export function closeReports(
  db: Db,
  item: { kind: HideableKind; id: string },
  decision: { id: string; status: Exclude<ReportStatus, 'open'>; adminId: string; at: Date; when?: SQL },
) {
  return db
    .update(reports)
    .set({ status: decision.status, decisionId: decision.id, closedBy: decision.adminId, closedAt: decision.at })
    .where(and(eq(reports.itemKind, item.kind), eq(reports.itemId, item.id), eq(reports.status, 'open'), decision.when))
    .returning({ id: reports.id });
}

/** Holds, as the batch runs, once the decision closed at least one report. */
export const decided = (decisionId: string): SQL =>
  sql`exists (select 1 from reports where decision_id = ${decisionId})`;

/** How many reports the batch's first statement (closeReports) closed. */
export const closedCount = (results: unknown[]) => (results[0] as unknown[] | undefined)?.length ?? 0;
