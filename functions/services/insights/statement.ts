import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import {
  campaignContributors,
  campaigns,
  type LedgerKind,
  ledgerEntries,
  ledgerGroups,
  payouts,
  videos,
} from '../../db/schema';
import { notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { statementQuery } from '../../domain/insights/input';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { MEMBER_ACCOUNTS, type MemberAccount, memberAccount } from './internal/ledger-figures';
import type { Balances, MemberStatement, StatementLine } from './internal/statement-csv';
import { statementCsv, statementFileName } from './internal/statement-csv';

export type { Balances, MemberStatement, StatementLine } from './internal/statement-csv';

/** D1 binds at most 100 parameters: account lists are read in chunks. */
const CHUNK = 90;

/** The campaigns a member may have money in: owned, on the team (any row), or named on their ledger lines. */
async function memberCampaignIds(db: Db, userId: string): Promise<string[]> {
  const [owned, joined, inLedger] = await Promise.all([
    db
      .select({ id: campaigns.id })
      .from(campaigns)
      .innerJoin(videos, eq(videos.id, campaigns.movieId))
      .where(eq(videos.contributorId, userId)),
    db
      .select({ id: campaignContributors.campaignId })
      .from(campaignContributors)
      .where(eq(campaignContributors.contributorId, userId)),
    db
      .selectDistinct({ id: ledgerEntries.campaignId })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), isNotNull(ledgerEntries.campaignId))),
  ]);
  return [...new Set([...owned, ...joined, ...inLedger].map((r) => r.id).filter((id): id is string => Boolean(id)))];
}

/** A campaign the member may ask for by id: it exists and they own it or are (or were invited) on its team. */
async function isRelated(db: Db, userId: string, campaignId: string) {
  const row = await db
    .select({
      ownerId: videos.contributorId,
      member: sql<number>`exists (select 1 from ${campaignContributors} where ${campaignContributors.campaignId} = ${campaignId} and ${campaignContributors.contributorId} = ${userId})`,
    })
    .from(campaigns)
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .where(eq(campaigns.id, campaignId))
    .get();
  if (!row) return null;
  return row.ownerId === userId || Boolean(row.member);
}

const ACCOUNT_ORDER: Record<MemberAccount, number> = { payable: 0, paid: 1, reversed: 2 };

function describe(kind: LedgerKind, account: MemberAccount, key: string, milestone: number | null): string {
  const releasedMilestone = kind === 'release' ? Number(key.split(':')[2]) : Number.NaN;
  switch (kind) {
    case 'release':
      return Number.isInteger(releasedMilestone)
        ? `Your share of milestone ${releasedMilestone}`
        : 'Your share of a milestone release';
    case 'payout': {
      const of = milestone ? ` of milestone ${milestone}` : '';
      return account === 'payable' ? `Payout${of} sent to your Stripe account` : `Payout${of} received`;
    }
    case 'payout_reversal':
      return account === 'paid' ? 'Transfer reversed' : 'Transfer reversed: returned to the platform';
    default:
      return kind;
  }
}

/**
 * The signed-in member's statement: every line of their own payable, paid and reversed accounts,
 * oldest first, with running balances — of one campaign (404 when it does not exist or the caller
 * neither owns it, is on its team, nor has money in it) or of all their campaigns.
 */
export async function memberStatement(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  campaignId: string | null = null,
): Promise<MemberStatement> {
  const viewer = authorize(actor, 'statement.read-own');
  parseInput(statementQuery, { campaignId: campaignId ?? undefined });
  const userId = viewer.userId;
  let campaignIds: string[];
  if (campaignId) {
    const related = await isRelated(db, userId, campaignId);
    if (related === null) throw notFound(TEXT.campaignNotFoundState);
    campaignIds = [campaignId];
    const lines = await readLines(db, userId, campaignIds);
    if (!related && lines.length === 0) throw notFound(TEXT.campaignNotFoundState);
    return withBalances(db, campaignId, lines);
  }
  campaignIds = await memberCampaignIds(db, userId);
  return withBalances(db, null, await readLines(db, userId, campaignIds));
}

type RawLine = Awaited<ReturnType<typeof readChunk>>[number];

function readChunk(db: Db, accounts: string[]) {
  return (
    db
      .select({
        groupId: ledgerEntries.groupId,
        // Groups written within one millisecond keep their order: the ledger only ever appends.
        groupSeq: sql<number>`${ledgerGroups}.rowid`,
        account: ledgerEntries.account,
        amountCents: ledgerEntries.amountCents,
        kind: ledgerEntries.kind,
        createdAt: ledgerEntries.createdAt,
        key: ledgerGroups.idempotencyKey,
        payoutMilestone: payouts.milestoneNumber,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerGroups, eq(ledgerGroups.id, ledgerEntries.groupId))
      // payout:<payoutId> names the payout row (and so its milestone); substr keeps the primary key usable.
      .leftJoin(
        payouts,
        sql`${ledgerGroups.kind} = 'payout' and ${payouts.id} = substr(${ledgerGroups.idempotencyKey}, ${'payout:'.length + 1})`,
      )
      .where(inArray(ledgerEntries.account, accounts))
  );
}

async function readLines(db: Db, userId: string, campaignIds: string[]) {
  const accounts = campaignIds.flatMap((c) => MEMBER_ACCOUNTS.map((type) => memberAccount(type, c, userId)));
  const out: RawLine[] = [];
  for (let i = 0; i < accounts.length; i += CHUNK) out.push(...(await readChunk(db, accounts.slice(i, i + CHUNK))));
  return out;
}

async function campaignTitles(db: Db, ids: string[]) {
  const titles = new Map<string, string>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const rows = await db
      .select({ id: campaigns.id, title: campaigns.title })
      .from(campaigns)
      .where(inArray(campaigns.id, ids.slice(i, i + CHUNK)));
    for (const r of rows) titles.set(r.id, r.title);
  }
  return titles;
}

async function withBalances(db: Db, campaignId: string | null, raw: RawLine[]): Promise<MemberStatement> {
  const parsed = raw.map((r) => {
    const [type, campaign] = r.account.split(':') as [MemberAccount, string];
    return { ...r, type, campaign };
  });
  parsed.sort(
    (a, b) =>
      a.createdAt.getTime() - b.createdAt.getTime() ||
      Number(a.groupSeq) - Number(b.groupSeq) ||
      ACCOUNT_ORDER[a.type] - ACCOUNT_ORDER[b.type],
  );
  const titles = await campaignTitles(db, [...new Set(parsed.map((r) => r.campaign))]);
  const balances: Balances = { payable: 0, paid: 0, reversed: 0 };
  const lines = parsed.map((r) => {
    balances[r.type] += r.amountCents;
    return {
      date: r.createdAt.toISOString(),
      campaignId: r.campaign,
      campaignTitle: titles.get(r.campaign) ?? r.campaign,
      kind: r.kind,
      account: r.type,
      description: describe(r.kind, r.type, r.key, r.payoutMilestone ?? null),
      amountCents: r.amountCents,
      balances: { ...balances },
    } satisfies StatementLine;
  });
  return { campaignId, lines, totals: { ...balances } };
}

/** The statement as a CSV download: its body and file name. */
export async function memberStatementCsv(deps: Pick<Deps, 'db'>, actor: Actor, campaignId: string | null = null) {
  authorize(actor, 'statement.read-own');
  parseInput(statementQuery, { campaignId: campaignId ?? undefined });
  const statement = await memberStatement(deps, actor, campaignId);
  return { csv: statementCsv(statement), fileName: statementFileName(campaignId) };
}
