import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { keyset, keysetOrder } from '../../db/keyset';
import { campaigns, checkoutSessions, ledgerEntries, ledgerGroups, profiles } from '../../db/schema';
import { decodeCursor, encodeCursor } from '../../domain/cursor';
import { parseInput } from '../../domain/input';
import { type ListMoneyQuery, listMoneyQuery, type MoneyList } from '../../domain/overview/input';
import type { Deps } from '../../platform/deps';

export interface MoneyLine {
  /** The ledger group's id. */
  id: string;
  /** ISO time of the movement. */
  at: string;
  /** What moved in or out of the campaign's escrow, in cents (always positive). */
  amountCents: number;
  currency: string;
  campaign: { id: string; title: string | null } | null;
  /** Who paid (a payment, a refund): an account, or a guest's email. A release has none. */
  payer: { id: string; username: string | null } | null;
  guestEmail: string | null;
  /** A payment that was later refunded (the raised list shows both). */
  refunded: boolean;
}

export interface MoneyPage {
  kind: MoneyList;
  items: MoneyLine[];
  nextCursor: string | null;
}

const GROUP_KIND: Record<MoneyList, 'payment' | 'release' | 'refund'> = {
  payment: 'payment',
  escrow: 'payment',
  release: 'release',
  refund: 'refund',
};

/** A payment still in escrow: neither released nor refunded (the same rule as ledger/lib/escrow.ts). */
const stillInEscrow = sql`not exists (select 1 from escrow_claims c where c.payment_intent_id = ${ledgerGroups.paymentIntentId})
  and not exists (select 1 from ledger_groups r where r.idempotency_key = 'refund:' || ${ledgerGroups.paymentIntentId})`;

/**
 * The ledger's movements behind one of the overview's money figures (docs/admin-tools.md, "Lists"):
 * groups of one kind, newest first (index ledger_groups_kind_idx), each with its escrow line, its
 * campaign and its payer, a page at a time.
 */
export async function listMoney({ db }: Pick<Deps, 'db'>, actor: Actor, raw: ListMoneyQuery): Promise<MoneyPage> {
  authorize(actor, 'money.list');
  const q = parseInput(listMoneyQuery, raw);
  const where: (SQL | undefined)[] = [eq(ledgerGroups.kind, GROUP_KIND[q.kind])];
  if (q.kind === 'escrow') where.push(stillInEscrow);
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  if (cursor) where.push(keyset(ledgerGroups.createdAt, ledgerGroups.id, cursor, 'before'));
  const rows = await db
    .select({
      id: ledgerGroups.id,
      at: ledgerGroups.createdAt,
      currency: ledgerGroups.currency,
      campaignId: ledgerGroups.campaignId,
      memo: ledgerGroups.memo,
      cents: ledgerEntries.amountCents,
      title: campaigns.title,
      // The payer is on the payment's `payer:<pi>` line (index ledger_entries_account_idx).
      payerId: sql<
        string | null
      >`(select p.user_id from ledger_entries p where p.account = 'payer:' || ${ledgerGroups.paymentIntentId} limit 1)`,
      guestEmail: checkoutSessions.guestEmail,
      refunded: sql<number>`${ledgerGroups.kind} = 'payment' and exists (select 1 from ledger_groups r where r.idempotency_key = 'refund:' || ${ledgerGroups.paymentIntentId})`,
    })
    .from(ledgerGroups)
    .innerJoin(
      ledgerEntries,
      and(
        eq(ledgerEntries.groupId, ledgerGroups.id),
        sql`${ledgerEntries.account} = 'escrow:' || ${ledgerGroups.campaignId}`,
      ),
    )
    .leftJoin(campaigns, eq(campaigns.id, ledgerGroups.campaignId))
    .leftJoin(checkoutSessions, eq(checkoutSessions.paymentIntentId, ledgerGroups.paymentIntentId))
    .where(and(...where))
    .orderBy(...keysetOrder(ledgerGroups.createdAt, ledgerGroups.id, 'before'))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const payerIds = [...new Set(page.map((r) => r.payerId).filter((id): id is string => Boolean(id)))];
  const names = payerIds.length
    ? await db
        .select({ id: profiles.userId, username: profiles.username })
        .from(profiles)
        .where(sql`${profiles.userId} in (select value from json_each(${JSON.stringify(payerIds)}))`)
    : [];
  const last = page.at(-1);
  return {
    kind: q.kind,
    items: page.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      amountCents: Math.abs(r.cents),
      currency: r.currency,
      campaign: r.campaignId ? { id: r.campaignId, title: r.title } : null,
      payer: r.payerId ? { id: r.payerId, username: names.find((n) => n.id === r.payerId)?.username ?? null } : null,
      // A guest's email is on their checkout; the payment group's memo keeps it too.
      guestEmail: r.payerId ? null : (r.guestEmail ?? r.memo?.match(/^guest (\S+@\S+)$/)?.[1] ?? null),
      refunded: Boolean(r.refunded),
    })),
    nextCursor: rows.length > q.limit && last ? encodeCursor(last.at, last.id) : null,
  };
}
