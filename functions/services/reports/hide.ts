import { and, count, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { profiles, reports, user } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { conflict } from '../../domain/errors';
import { fillText } from '../../domain/fill-text';
import { parseInput } from '../../domain/input';
import { type HideItemInput, hideItemInput } from '../../domain/reports/input';
import { KIND_LABEL } from '../../domain/reports/kinds';
import { REPORT_TEXT } from '../../domain/reports/texts';
import type { Deps } from '../../platform/deps';
import { notifyWhen } from '../notifications';
import { closedCount, closeReports, decided } from './internal/decision';
import { loadDecided } from './internal/item';

/**
 * An admin hides a reported item: its open reports close, the item is hidden as its kind says
 * (./internal/kinds.ts) — 404 to everyone but its owner and admins — and its owner is told why (a
 * notice and a mail), all in one batch that the reports' closing decides: of two admins at once, one
 * hides and the other gets 409. Audited; a cached kind owes 'catalogue-bump'.
 */
export async function hideReportedItem(
  deps: Pick<Deps, 'db' | 'bell' | 'clock' | 'followUps'>,
  actor: Actor,
  kind: string,
  itemId: string,
  input: HideItemInput,
): Promise<{ hidden: true }> {
  const admin = authorize(actor, 'report.hide');
  const { reason } = parseInput(hideItemInput, input);
  const { db, bell } = deps;
  const { kind: k, entry, item } = await loadDecided(db, kind, itemId);
  if (item.hidden) throw conflict(REPORT_TEXT.reportsAlreadyHidden);
  const [owner, open] = await Promise.all([
    db
      .select({ email: user.email, name: profiles.username })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.id, item.ownerId))
      .get(),
    db
      .select({ n: count() })
      .from(reports)
      .where(and(eq(reports.itemKind, k), eq(reports.itemId, itemId), eq(reports.status, 'open')))
      .get(),
  ]);
  const label = KIND_LABEL[k];
  const words = { kind: label, title: item.title, reason, name: owner?.name ?? 'there' };
  const decisionId = crypto.randomUUID();
  const at = deps.clock.now();
  const when = decided(decisionId);
  const uow = new UnitOfWork(deps, admin)
    .add(
      closeReports(
        db,
        { kind: k, id: itemId },
        { id: decisionId, status: 'hidden', adminId: admin.userId, at, when: entry.shown(itemId) },
      ),
      entry.hide(db, itemId, when, { adminId: admin.userId, at, reason }),
    )
    .audit({
      verb: 'hideReportedItem',
      resourceType: entry.resourceType,
      resourceId: itemId,
      summary: `Hid ${label} “${item.title}” after ${open?.n ?? 0} reports: ${reason}`,
      when,
    });
  notifyWhen(
    uow,
    bell,
    {
      userId: item.ownerId,
      type: 'info',
      topic: entry.topic,
      title: fillText(REPORT_TEXT.hiddenNoticeTitle, words),
      message: fillText(REPORT_TEXT.hiddenNoticeMessage, words),
      actorId: admin.userId,
      videoId: k === 'film' ? itemId : null,
    },
    when,
  );
  if (owner)
    uow.owe(
      'mail',
      {
        to: owner.email,
        subject: fillText(REPORT_TEXT.hiddenMailSubject, words),
        text: fillText(REPORT_TEXT.hiddenMailBody, words),
      },
      { key: `item-hidden:${k}:${itemId}:${decisionId}`, when },
    );
  if (entry.cached) uow.owe('catalogue-bump', {}, { when });
  if (!closedCount(await uow.commit())) throw conflict(REPORT_TEXT.reportsNoneOpen);
  return { hidden: true };
}

/** An admin shows a hidden item again (a film goes back to the catalogue). Audited. */
export async function unhideItem(
  deps: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  kind: string,
  itemId: string,
): Promise<{ hidden: false }> {
  const admin = authorize(actor, 'report.unhide');
  const { db } = deps;
  const { kind: k, entry, item } = await loadDecided(db, kind, itemId);
  if (!item.hidden) throw conflict(REPORT_TEXT.reportsNotHidden);
  const shown = entry.shown(itemId);
  const uow = new UnitOfWork(deps, admin)
    .add(entry.unhide(db, itemId, { adminId: admin.userId, at: deps.clock.now() }))
    .audit({
      verb: 'unhideItem',
      resourceType: entry.resourceType,
      resourceId: itemId,
      summary: `Showed ${KIND_LABEL[k]} “${item.title}” again`,
      when: shown,
    });
  if (entry.cached) uow.owe('catalogue-bump', {}, { when: shown });
  if (!closedCount(await uow.commit())) throw conflict(REPORT_TEXT.reportsNotHidden);
  return { hidden: false };
}
