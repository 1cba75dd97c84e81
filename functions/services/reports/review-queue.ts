import { and, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaigns, ledgerEntries, profiles, reports } from '../../db/schema';
import type { CampaignStatus } from '../../domain/campaigns/status';
import { type HideableKind, KIND_LABEL, REPORT_REASON_LABEL, type ReportReason } from '../../domain/reports/kinds';
import type { Deps } from '../../platform/deps';
import { campaignBackers } from '../payments';
import { kindOf } from './internal/kinds';

/** A film's campaign as a report shows what hiding the film puts at stake. */
export interface ReportStake {
  campaignId: string;
  title: string;
  status: CampaignStatus;
  escrowCents: number;
  backers: number;
  /** Live: the admin may pause it from the report (the campaigns' own pause). */
  canPause: boolean;
}

/** The open reports on one item, newest first, with the item as the admins see it. */
export interface ReportGroup {
  kind: HideableKind;
  kindLabel: string;
  itemId: string;
  title: string;
  href: string;
  owner: { id: string; username: string | null };
  hidden: boolean;
  count: number;
  newestAt: number;
  reports: {
    id: string;
    reason: ReportReason;
    reasonLabel: string;
    note: string;
    reporter: string | null;
    createdAt: number;
  }[];
  stake: ReportStake | null;
}

const GROUPS = 50;
const SHOWN_PER_ITEM = 20;
/** Campaigns whose money a hidden film leaves at stake. */
const AT_STAKE: CampaignStatus[] = ['live', 'paused'];

/** How many items have open reports: the count on the admin's Reports tab. */
export async function openReportCount(deps: Pick<Deps, 'db'>, actor: Actor): Promise<number> {
  authorize(actor, 'report.review-queue');
  const row = await deps.db
    .select({ n: sql<number>`count(distinct ${reports.itemKind} || ':' || ${reports.itemId})` })
    .from(reports)
    .where(eq(reports.status, 'open'))
    .get();
  return row?.n ?? 0;
}

/**
 * The admins' list: open reports grouped by item with their count, the item most recently reported
 * first; a film with a live (or paused) campaign shows its escrow and backers.
 */
export async function listReports(deps: Pick<Deps, 'db'>, actor: Actor): Promise<{ groups: ReportGroup[] }> {
  authorize(actor, 'report.review-queue');
  const { db } = deps;
  const r = reports;
  const heads = await db
    .select({ kind: r.itemKind, itemId: r.itemId, count: count(), newest: max(r.createdAt) })
    .from(r)
    .where(eq(r.status, 'open'))
    .groupBy(r.itemKind, r.itemId)
    .orderBy(desc(max(r.createdAt)))
    .limit(GROUPS);
  const groups: ReportGroup[] = [];
  for (const head of heads) {
    const kind = kindOf(head.kind);
    if (!kind) continue;
    const item = await kind.load(db, head.itemId);
    if (!item) continue;
    const [rows, owner] = await Promise.all([
      db
        .select({ id: r.id, reason: r.reason, note: r.note, reporter: profiles.username, createdAt: r.createdAt })
        .from(r)
        .leftJoin(profiles, eq(profiles.userId, r.reporterId))
        .where(and(eq(r.status, 'open'), eq(r.itemKind, head.kind), eq(r.itemId, head.itemId)))
        .orderBy(desc(r.createdAt))
        .limit(SHOWN_PER_ITEM),
      db.select({ username: profiles.username }).from(profiles).where(eq(profiles.userId, item.ownerId)).get(),
    ]);
    const k = head.kind as HideableKind;
    groups.push({
      kind: k,
      kindLabel: KIND_LABEL[k],
      itemId: head.itemId,
      title: item.title,
      href: item.href,
      owner: { id: item.ownerId, username: owner?.username ?? null },
      hidden: item.hidden,
      count: head.count,
      newestAt: head.newest ? new Date(head.newest).getTime() : 0,
      reports: rows.map((x) => ({
        id: x.id,
        reason: x.reason,
        reasonLabel: REPORT_REASON_LABEL[x.reason],
        note: x.note,
        reporter: x.reporter,
        createdAt: x.createdAt.getTime(),
      })),
      stake: k === 'film' ? await stakeOf(deps, head.itemId) : null,
    });
  }
  return { groups };
}

async function stakeOf({ db }: Pick<Deps, 'db'>, filmId: string): Promise<ReportStake | null> {
  const c = await db
    .select({ id: campaigns.id, title: campaigns.title, status: campaigns.status })
    .from(campaigns)
    .where(and(eq(campaigns.movieId, filmId), inArray(campaigns.status, AT_STAKE)))
    .get();
  if (!c) return null;
  const [escrow, backers] = await Promise.all([
    db
      .select({ cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.account, `escrow:${c.id}`))
      .get(),
    campaignBackers(db, c.id),
  ]);
  return {
    campaignId: c.id,
    title: c.title,
    status: c.status,
    escrowCents: escrow?.cents ?? 0,
    backers,
    canPause: c.status === 'live',
  };
}
