import { sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { reports } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { badRequest, conflict, notFound } from '../../domain/errors';
import { fillText } from '../../domain/fill-text';
import { parseInput } from '../../domain/input';
import { type SubmitReportInput, submitReportInput } from '../../domain/reports/input';
import { KIND_LABEL, REPORT_REASON_LABEL } from '../../domain/reports/kinds';
import { REPORT_TEXT } from '../../domain/reports/texts';
import type { Deps } from '../../platform/deps';
import { ITEM_KINDS } from './internal/kinds';

/**
 * A signed-in person reports an item they can see (not their own) with a reason and a note. One open
 * report per person and item: the insert itself does nothing when one is open (the partial unique
 * index), so of two at once one row is written and the other call answers 409. Audited.
 */
export async function submitReport(
  deps: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  input: SubmitReportInput,
): Promise<{ id: string }> {
  const viewer = authorize(actor, 'report.submit');
  const data = parseInput(submitReportInput, input);
  const { db } = deps;
  const item = await ITEM_KINDS[data.kind].load(db, data.itemId);
  // A hidden item is not there for anyone but its owner, who cannot report it either.
  if (!item || (item.hidden && item.ownerId !== viewer.userId)) throw notFound(REPORT_TEXT.reportItemNotFound);
  if (item.ownerId === viewer.userId)
    throw badRequest(fillText(REPORT_TEXT.reportOwnItem, { kind: KIND_LABEL[data.kind] }));

  const id = crypto.randomUUID();
  const uow = new UnitOfWork(deps, viewer).add(
    db
      .insert(reports)
      .values({
        id,
        itemKind: data.kind,
        itemId: data.itemId,
        reporterId: viewer.userId,
        reason: data.reason,
        note: data.note,
        createdAt: deps.clock.now(),
      })
      // The only key it can break is the one-open index (reports_one_open_uq): then it writes nothing.
      .onConflictDoNothing()
      .returning({ id: reports.id }),
  );
  uow.audit({
    verb: 'submitReport',
    resourceType: 'report',
    resourceId: id,
    summary: `Reported ${KIND_LABEL[data.kind]} “${item.title}”: ${REPORT_REASON_LABEL[data.reason]}`,
    when: sql`exists (select 1 from reports where id = ${id})`,
  });
  const [inserted] = (await uow.commit()) as [unknown[]];
  if (!inserted?.length) throw conflict(REPORT_TEXT.reportAlreadyOpen);
  return { id };
}
