import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../db/client';
import { escrowClaims, ledgerEntries, ledgerGroups, payouts } from '../../../db/schema';
import { type LedgerLine, ledgerWrite } from '../../../shared/ledger/post';
import type { TeamMember } from '../../../shared/milestones/team';

type Statement = BatchItem<'sqlite'>;

export interface ReleaseLine {
  userId: string;
  amountCents: number;
}

/** How a milestone's gross splits: the fee (its % of the gross), each member's permille of the gross, leftover cents to the originator. */
export interface ReleaseSplit {
  grossCents: number;
  feeCents: number;
  members: ReleaseLine[];
}

export function splitRelease(grossCents: number, feePercentage: number, team: readonly TeamMember[]): ReleaseSplit {
  const feeCents = Math.floor((grossCents * feePercentage) / 100);
  const members = team.map((m) => ({
    userId: m.userId,
    amountCents: Math.floor((grossCents * m.sharePermille) / 1000),
  }));
  const leftover = grossCents - feeCents - members.reduce((s, m) => s + m.amountCents, 0);
  const originator = members.find((_, i) => team[i]?.isOriginator);
  if (leftover < 0 || !originator)
    throw new Error(`release of ${grossCents}: shares exceed the gross or no originator`);
  originator.amountCents += leftover;
  return { grossCents, feeCents, members };
}

/**
 * Payment groups still in escrow: credited, never refunded, never claimed. Raw qualified names:
 * drizzle leaves columns unqualified in a one-table select, which the subqueries would misread.
 */
const IN_ESCROW = (campaignId: string) =>
  and(
    eq(ledgerGroups.kind, 'payment'),
    eq(ledgerGroups.campaignId, campaignId),
    sql`not exists (select 1 from escrow_claims x where x.payment_intent_id = "ledger_groups"."payment_intent_id")`,
    sql`not exists (select 1 from ledger_groups r where r.idempotency_key = 'refund:' || "ledger_groups"."payment_intent_id")`,
  );

/** What a release would take out of escrow now: the payments in it, their gross and currency. */
export async function escrowHeld(db: Db, campaignId: string) {
  const rows = await db
    .select({
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
    .groupBy(ledgerGroups.currency);
  if (rows.length > 1) throw new Error(`campaign ${campaignId} holds escrow in more than one currency`);
  const row = rows[0];
  return {
    grossCents: Number(row?.cents ?? 0),
    currency: row?.currency ?? 'usd',
    payments: Number(row?.payments ?? 0),
  };
}

export interface ReleasePlan {
  split: ReleaseSplit;
  currency: string;
  key: string;
  statements: Statement[];
  /**
   * True in SQL when, after the batch, the campaign's escrow is empty: every payment credited
   * before the batch was released by it (none slipped in between the read and the write).
   */
  escrowEmptied: ReturnType<typeof sql>;
}

/**
 * The release of a milestone (group `release:<campaign>:<milestone>`): escrow → fee:platform and
 * each member's payable by share; the escrow_claims of every payment it takes (INSERT … SELECT of
 * the payments still in escrow, so a concurrent refund's claim makes the batch fail instead of
 * claiming twice); one pending payout per member with a payable. The caller guards the batch with
 * `escrowEmptied`, so a payment credited after the read makes it roll back and be planned again.
 */
export async function planRelease(
  db: Db,
  campaign: { id: string; platformFeePercentage: number },
  milestoneNumber: number,
  team: readonly TeamMember[],
): Promise<ReleasePlan> {
  const held = await escrowHeld(db, campaign.id);
  const split = splitRelease(held.grossCents, campaign.platformFeePercentage, team);
  const key = `release:${campaign.id}:${milestoneNumber}`;
  const escrowEmptied = sql`coalesce((select sum(e.amount_cents) from ledger_entries e where e.account = ${`escrow:${campaign.id}`}), 0) = 0`;
  if (split.grossCents === 0) return { split, currency: held.currency, key, statements: [], escrowEmptied };
  const lines: LedgerLine[] = [
    { account: `escrow:${campaign.id}`, amountCents: -split.grossCents },
    { account: 'fee:platform', amountCents: split.feeCents },
    ...split.members.map((m) => ({
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
    memo: `milestone ${milestoneNumber} released by share`,
    lines,
  });
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
  const payoutRows = split.members
    .filter((m) => m.amountCents > 0)
    .map((m) =>
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
    split,
    currency: held.currency,
    key,
    statements: [...write.statements, claims, ...payoutRows],
    escrowEmptied,
  };
}
