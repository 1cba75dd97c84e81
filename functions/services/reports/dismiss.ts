import { type Actor, authorize } from '../../auth/authorize';
import { UnitOfWork } from '../../db/unit-of-work';
import { conflict } from '../../domain/errors';
import { KIND_LABEL } from '../../domain/reports/kinds';
import { REPORT_TEXT } from '../../domain/reports/texts';
import type { Deps } from '../../platform/deps';
import { closedCount, closeReports, decided } from './internal/decision';
import { loadDecided } from './internal/item';

/** An admin keeps a reported item as it is: every open report on it is dismissed at once. Audited. */
export async function dismissReports(
  deps: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  kind: string,
  itemId: string,
): Promise<{ dismissed: number }> {
  const admin = authorize(actor, 'report.dismiss');
  const { db } = deps;
  const { kind: k, entry, item } = await loadDecided(db, kind, itemId);
  const decisionId = crypto.randomUUID();
  const uow = new UnitOfWork(deps, admin)
    .add(
      closeReports(
        db,
        { kind: k, id: itemId },
        { id: decisionId, status: 'dismissed', adminId: admin.userId, at: deps.clock.now() },
      ),
    )
    .audit({
      verb: 'dismissReports',
      resourceType: entry.resourceType,
      resourceId: itemId,
      summary: `Dismissed the reports on ${KIND_LABEL[k]} “${item.title}”`,
      when: decided(decisionId),
    });
  const dismissed = closedCount(await uow.commit());
  if (!dismissed) throw conflict(REPORT_TEXT.reportsNoneOpen);
  return { dismissed };
}
