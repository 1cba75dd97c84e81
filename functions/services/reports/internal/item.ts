import type { Db } from '../../../db/client';
import { notFound } from '../../../domain/errors';
import type { HideableKind } from '../../../domain/reports/kinds';
import { REPORT_TEXT } from '../../../domain/reports/texts';
import { type ItemKind, kindOf, type ReportedItem } from './kinds';

/** The kind's entry and the item an admin decides on; an unknown kind or id is 404. */
export async function loadDecided(
  db: Db,
  kind: string,
  id: string,
): Promise<{ kind: HideableKind; entry: ItemKind; item: ReportedItem }> {
  const entry = kindOf(kind);
  const item = entry ? await entry.load(db, id) : null;
  if (!entry || !item) throw notFound(REPORT_TEXT.reportItemNotFound);
  return { kind: kind as HideableKind, entry, item };
}
