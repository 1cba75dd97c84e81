import { and, eq, gt, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { type LedgerKind, ledgerEntries } from '../../../db/schema';

/**
 * Read side of the ledger for one campaign, by the account names of the money contract
 * (docs/money.md): escrow:<c>, fee:platform, payable:<c>:<user>, paid:<c>:<user>, reversed:<c>:<user>.
 * Accounts are matched by name (an index range), never by the lines' copied context, so a writer
 * that leaves a line's user or campaign empty is still counted.
 */
export const MEMBER_ACCOUNTS = ['payable', 'paid', 'reversed'] as const;
export type MemberAccount = (typeof MEMBER_ACCOUNTS)[number];

export const escrowAccount = (campaignId: string) => `escrow:${campaignId}`;
export const memberAccount = (type: MemberAccount, campaignId: string, userId: string) =>
  `${type}:${campaignId}:${userId}`;

/** Every account named `<prefix>…`: ';' is the character after ':', so the range is exactly that prefix. */
const accountsUnder = (prefix: string): SQL =>
  and(gt(ledgerEntries.account, prefix), lt(ledgerEntries.account, `${prefix.slice(0, -1)};`)) as SQL;

export interface MemberFigures {
  /** Sum of the member's payable credits from release groups. */
  earnedCents: number;
  /** Balance of payable:<c>:<u>: earned and not yet paid out. */
  owedCents: number;
  /** Balance of paid:<c>:<u>: paid out, less transfer reversals. */
  paidCents: number;
  /** Balance of reversed:<c>:<u>. */
  reversedCents: number;
}

export interface CampaignLedgerFigures {
  /** Payments into escrow (gross, before refunds). */
  paymentsCents: number;
  paymentsCount: number;
  refundedCents: number;
  refundsCount: number;
  /** Released from escrow to the fee and the members' payables. */
  releasedCents: number;
  /** The escrow account's balance: paid in, not yet released or refunded. */
  escrowCents: number;
  /** The platform fee taken at this campaign's releases. */
  feeCents: number;
  /** Per member (user id) with any payable, paid or reversed line. */
  members: Map<string, MemberFigures>;
}

const zeroMember = (): MemberFigures => ({ earnedCents: 0, owedCents: 0, paidCents: 0, reversedCents: 0 });

/** The campaign's ledger totals: two indexed queries, summed per account and kind. */
export async function campaignLedgerFigures(db: Db, campaignId: string): Promise<CampaignLedgerFigures> {
  const escrow = escrowAccount(campaignId);
  const [sums, fee] = await Promise.all([
    db
      .select({
        account: ledgerEntries.account,
        kind: ledgerEntries.kind,
        total: sql<number>`sum(${ledgerEntries.amountCents})`,
        lines: sql<number>`count(*)`,
      })
      .from(ledgerEntries)
      .where(
        or(
          eq(ledgerEntries.account, escrow),
          ...MEMBER_ACCOUNTS.map((type) => accountsUnder(`${type}:${campaignId}:`)),
        ),
      )
      .groupBy(ledgerEntries.account, ledgerEntries.kind),
    // fee:platform is one account for every campaign: this campaign's part is the fee lines of the
    // groups that released its escrow.
    db
      .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.account, 'fee:platform'),
          inArray(
            ledgerEntries.groupId,
            db
              .select({ groupId: ledgerEntries.groupId })
              .from(ledgerEntries)
              .where(and(eq(ledgerEntries.account, escrow), eq(ledgerEntries.kind, 'release'))),
          ),
        ),
      )
      .get(),
  ]);

  const out: CampaignLedgerFigures = {
    paymentsCents: 0,
    paymentsCount: 0,
    refundedCents: 0,
    refundsCount: 0,
    releasedCents: 0,
    escrowCents: 0,
    feeCents: Number(fee?.total ?? 0),
    members: new Map(),
  };
  for (const row of sums) {
    const total = Number(row.total);
    const lines = Number(row.lines);
    if (row.account === escrow) {
      out.escrowCents += total;
      if (row.kind === 'payment') {
        out.paymentsCents += total;
        out.paymentsCount += lines;
      } else if (row.kind === 'refund') {
        out.refundedCents -= total;
        out.refundsCount += lines;
      } else if (row.kind === 'release') out.releasedCents -= total;
      continue;
    }
    const [type, , userId] = row.account.split(':') as [MemberAccount, string, string];
    if (!userId) continue;
    const m = out.members.get(userId) ?? zeroMember();
    if (type === 'payable') {
      m.owedCents += total;
      if ((row.kind as LedgerKind) === 'release') m.earnedCents += total;
    } else if (type === 'paid') m.paidCents += total;
    else if (type === 'reversed') m.reversedCents += total;
    out.members.set(userId, m);
  }
  return out;
}

export const memberFigures = (figures: CampaignLedgerFigures, userId: string) =>
  figures.members.get(userId) ?? zeroMember();
