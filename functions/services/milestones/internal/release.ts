import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../db/client';
import { escrowClaims, ledgerEntries, ledgerGroups, payouts, releasePortions } from '../../../db/schema';
import {
  portionsByVersion,
  releaseByVersions,
  type VersionedRelease,
  versionsLabel,
} from '../../../domain/agreements/split';
import { campaignAgreements } from '../../agreements';
import { type LedgerLine, ledgerWrite, notDisputed } from '../../ledger';

type Statement = BatchItem<'sqlite'>;

/**
 * Payment groups still in escrow: credited, never refunded, never claimed, not held by a dispute
 * (docs/money.md, "Disputes"). Raw qualified names:
 * drizzle leaves columns unqualified in a one-table select, which the subqueries would misread.
 */
const IN_ESCROW = (campaignId: string) =>
  and(
    eq(ledgerGroups.kind, 'payment'),
    eq(ledgerGroups.campaignId, campaignId),
    sql`not exists (select 1 from escrow_claims x where x.payment_intent_id = "ledger_groups"."payment_intent_id")`,
    sql`not exists (select 1 from ledger_groups r where r.idempotency_key = 'refund:' || "ledger_groups"."payment_intent_id")`,
    notDisputed(sql`"ledger_groups"."payment_intent_id"`),
  );

/** What a release would take out of escrow now, per agreed version the money was raised under. */
export async function escrowHeld(db: Db, campaignId: string) {
  const rows = await db
    .select({
      version: ledgerGroups.shareVersion,
      currency: ledgerGroups.currency,
      cents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
      payments: sql<number>`count(*)`,
    })
    .from(ledgerGroups)
    .innerJoin(
      ledgerEntries,
      and(eq(ledgerEntries.groupId, ledgerGroups.id), eq(ledgerEntries.account, `escrow:${campaignId}`)),
    )
    .where(IN_ESCROW(campaignId))
    .groupBy(ledgerGroups.shareVersion, ledgerGroups.currency);
  const currencies = new Set(rows.map((r) => r.currency));
  if (currencies.size > 1) throw new Error(`campaign ${campaignId} holds escrow in more than one currency`);
  return {
    grossCents: rows.reduce((s, r) => s + Number(r.cents), 0),
    currency: rows[0]?.currency ?? 'usd',
    payments: rows.reduce((s, r) => s + Number(r.payments), 0),
    byVersion: rows.map((r) => ({ version: r.version, grossCents: Number(r.cents) })),
  };
}

export interface ReleasePlan {
  release: VersionedRelease;
  /** Money is held but no version was ever agreed: nothing is released until the team agrees one. */
  deferred: boolean;
  currency: string;
  key: string;
  statements: Statement[];
  /**
   * True in SQL when, after the batch, the campaign's escrow is empty: every payment credited
   * before the batch was released by it (none slipped in between the read and the write).
   */
  escrowEmptied: ReturnType<typeof sql>;
}

const NOTHING: VersionedRelease = { grossCents: 0, feeCents: 0, payables: [], versions: [] };

/**
 * The release of a milestone (group `release:<campaign>:<milestone>`): escrow → fee:platform and
 * each member's payable, each agreed version's money split by that version (share_agreements.ts's
 * rule); one release_portions row per version paid (the group names its versions); the
 * escrow_claims of every payment it takes (INSERT … SELECT of the payments still in escrow, so a
 * concurrent refund's claim makes the batch fail instead of claiming twice); one pending payout per
 * member owed. The caller guards the batch with `escrowEmptied`, so a payment credited after the
 * read makes it roll back and be planned again.
 */
export async function planRelease(db: Db, campaign: { id: string }, milestoneNumber: number): Promise<ReleasePlan> {
  const held = await escrowHeld(db, campaign.id);
  const key = `release:${campaign.id}:${milestoneNumber}`;
  const escrowEmptied = sql`coalesce((select sum(e.amount_cents) from ledger_entries e where e.account = ${`escrow:${campaign.id}`}), 0) = 0`;
  const none = { release: NOTHING, currency: held.currency, key, statements: [] };
  if (held.grossCents === 0) return { ...none, deferred: false, escrowEmptied };
  const portions = portionsByVersion(held.byVersion, await campaignAgreements(db, campaign.id));
  if (!portions) return { ...none, deferred: true, escrowEmptied: sql`1` };
  const release = releaseByVersions(portions);
  const lines: LedgerLine[] = [
    { account: `escrow:${campaign.id}`, amountCents: -release.grossCents },
    { account: 'fee:platform', amountCents: release.feeCents },
    ...release.payables.map((m) => ({
      account: `payable:${campaign.id}:${m.userId}`,
      amountCents: m.amountCents,
      userId: m.userId,
    })),
  ].filter((l) => l.amountCents !== 0);
  const write = ledgerWrite(db, {
    idempotencyKey: key,
    kind: 'release',
    currency: held.currency,
    campaignId: campaign.id,
    memo: `milestone ${milestoneNumber} released by share agreement ${versionsLabel(release.versions.map((v) => v.version))}`,
    lines,
  });
  const thisGroup = eq(ledgerGroups.id, write.groupId);
  const portionRows = release.versions.map((v) =>
    db.insert(releasePortions).select((qb) =>
      qb
        .select({
          releaseKey: sql<string>`${key}`.as('release_key'),
          campaignId: sql<string>`${campaign.id}`.as('campaign_id'),
          shareVersion: sql<number>`${v.version}`.as('share_version'),
          grossCents: sql<number>`${v.grossCents}`.as('gross_cents'),
          createdAt: ledgerGroups.createdAt,
        })
        .from(ledgerGroups)
        .where(thisGroup),
    ),
  );
  const claims = db.insert(escrowClaims).select((qb) =>
    qb
      .select({
        paymentIntentId: sql<string>`"ledger_groups"."payment_intent_id"`.as('payment_intent_id'),
        campaignId: sql<string>`${campaign.id}`.as('campaign_id'),
        claim: sql<'release'>`'release'`.as('claim'),
        groupKey: sql<string>`${key}`.as('group_key'),
        createdAt: sql<Date>`cast(unixepoch('subsec') * 1000 as integer)`.as('created_at'),
      })
      .from(ledgerGroups)
      .where(and(IN_ESCROW(campaign.id), write.posted)),
  );
  const payoutRows = release.payables.map((m) =>
    db.insert(payouts).values({
      campaignId: campaign.id,
      milestoneNumber,
      userId: m.userId,
      amountCents: m.amountCents,
      currency: held.currency,
      status: 'pending',
    }),
  );
  return {
    release,
    deferred: false,
    currency: held.currency,
    key,
    statements: [...write.statements, ...portionRows, claims, ...payoutRows],
    escrowEmptied,
  };
}
