import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { profiles, reports } from '../../db/schema';
import { parseInput } from '../../domain/input';
import { type HiddenListQuery, hiddenListQuery } from '../../domain/reports/input';
import {
  HIDDEN_PAGE_SIZE,
  HIDEABLE_KINDS,
  type HideableKind,
  KIND_LABEL,
  REPORT_REASON_LABEL,
  REPORT_REASONS,
  type ReportReason,
} from '../../domain/reports/kinds';
import type { Deps } from '../../platform/deps';
import { ITEM_KINDS } from './internal/kinds';

/** One hidden item on the admins' Hidden list: what it is, who hid it, when and why. */
export interface HiddenItem {
  kind: HideableKind;
  kindLabel: string;
  itemId: string;
  title: string;
  href: string;
  owner: { id: string; username: string | null };
  hiddenBy: { id: string; username: string | null } | null;
  hiddenAt: number;
  /** The reports the hide closed, by reason, most reported first. */
  reasons: { reason: ReportReason; label: string; count: number }[];
  /** The admin's reason for the owner, where the item keeps it (a film); otherwise null. */
  note: string | null;
}

export interface HiddenPage {
  items: HiddenItem[];
  page: number;
  pageSize: number;
  total: number;
  pages: number;
}

/**
 * The admins' Hidden list (docs/reports.md, "The Hidden list"): every item an admin's decision hid
 * and that is still hidden by it, of every kind, the newest hide first, a page at a time. A hide
 * stamps the item with its decision's time (`hiddenBy`), so an item shown again, or a film its owner
 * resubmitted, leaves the list without a second record to keep in step.
 */
export async function listHiddenItems(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
  query: HiddenListQuery = {},
): Promise<HiddenPage> {
  authorize(actor, 'report.hidden-list');
  const { page } = parseInput(hiddenListQuery, query);
  const { db } = deps;
  const r = reports;
  const stillHidden = or(
    ...HIDEABLE_KINDS.map((k) => and(eq(r.itemKind, k), ITEM_KINDS[k].hiddenBy(r.itemId, r.closedAt))),
  );
  const where = and(eq(r.status, 'hidden'), stillHidden);
  const [heads, total] = await Promise.all([
    db
      .select({
        decisionId: r.decisionId,
        kind: r.itemKind,
        itemId: r.itemId,
        by: r.closedBy,
        at: r.closedAt,
        reasons: sql<string>`group_concat(${r.reason})`,
      })
      .from(r)
      .where(where)
      .groupBy(r.decisionId, r.itemKind, r.itemId, r.closedBy, r.closedAt)
      .orderBy(desc(r.closedAt), r.decisionId)
      .limit(HIDDEN_PAGE_SIZE)
      .offset((page - 1) * HIDDEN_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(distinct ${r.decisionId})` })
      .from(r)
      .where(where)
      .get(),
  ]);
  const loaded = await Promise.all(
    heads.map(async (h) => ({ head: h, item: await ITEM_KINDS[h.kind as HideableKind].load(db, h.itemId) })),
  );
  const people = [...new Set(loaded.flatMap(({ head, item }) => [head.by, item?.ownerId]))].filter(
    (id): id is string => typeof id === 'string',
  );
  const names = new Map(
    people.length
      ? (
          await db
            .select({ id: profiles.userId, username: profiles.username })
            .from(profiles)
            .where(inArray(profiles.userId, people))
        ).map((p) => [p.id, p.username] as const)
      : [],
  );
  const items: HiddenItem[] = [];
  for (const { head, item } of loaded) {
    if (!item) continue;
    const k = head.kind as HideableKind;
    items.push({
      kind: k,
      kindLabel: KIND_LABEL[k],
      itemId: head.itemId,
      title: item.title,
      href: item.href,
      owner: { id: item.ownerId, username: names.get(item.ownerId) ?? null },
      hiddenBy: head.by ? { id: head.by, username: names.get(head.by) ?? null } : null,
      hiddenAt: head.at?.getTime() ?? 0,
      reasons: tally(head.reasons),
      note: item.reason,
    });
  }
  const n = total?.n ?? 0;
  return { items, page, pageSize: HIDDEN_PAGE_SIZE, total: n, pages: Math.ceil(n / HIDDEN_PAGE_SIZE) };
}

/** The reasons of a decision's reports ("spam,scam,spam"), counted, most given first. */
function tally(joined: string | null): HiddenItem['reasons'] {
  const counts = new Map<ReportReason, number>();
  for (const reason of (joined ?? '').split(',')) {
    if ((REPORT_REASONS as readonly string[]).includes(reason))
      counts.set(reason as ReportReason, (counts.get(reason as ReportReason) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => ({ reason, label: REPORT_REASON_LABEL[reason], count: n }));
}
