import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { coinEvents } from '../../../db/schema';
import { COIN_DISTRIBUTION } from '../../../domain/coins/supply';

const ZERO = '0x0000000000000000000000000000000000000000';

/** Whole coins sold by a coin's sale and still for sale, as indexed (docs/coins.md, "The index"). */
export async function indexedSale(
  db: Db,
  chainId: number,
  campaignId: string,
): Promise<{ sold: number; left: number }> {
  const row = await db
    .select({ sold: sql<number>`coalesce(sum(cast(${coinEvents.amount} as integer)), 0)` })
    .from(coinEvents)
    .where(and(eq(coinEvents.chainId, chainId), eq(coinEvents.campaignId, campaignId), eq(coinEvents.kind, 'purchase')))
    .get();
  const sold = Number(row?.sold ?? 0);
  return { sold, left: COIN_DISTRIBUTION.fanSupply - sold };
}

/**
 * Each holder's balance (the coin's 18-decimal units) from the indexed transfers, largest first. The
 * addresses the coin was minted to — the sale, the two vesting contracts and the treasury — are not
 * holders: their coins are for sale, locked, or the platform's.
 */
export async function indexedHolders(db: Db, chainId: number, campaignId: string) {
  const transfers = await db
    .select({ from: coinEvents.account, to: coinEvents.counterparty, amount: coinEvents.amount })
    .from(coinEvents)
    .where(
      and(eq(coinEvents.chainId, chainId), eq(coinEvents.campaignId, campaignId), eq(coinEvents.kind, 'transfer')),
    );
  const minted = new Set(transfers.filter((t) => t.from === ZERO).map((t) => t.to));
  const balances = new Map<string, bigint>();
  for (const t of transfers) {
    const v = BigInt(t.amount);
    if (t.from !== ZERO) balances.set(t.from, (balances.get(t.from) ?? 0n) - v);
    if (t.to) balances.set(t.to, (balances.get(t.to) ?? 0n) + v);
  }
  return [...balances]
    .filter(([address, balance]) => balance > 0n && !minted.has(address))
    .map(([address, balance]) => ({ address, balance }))
    .sort((a, b) => (a.balance === b.balance ? a.address.localeCompare(b.address) : a.balance > b.balance ? -1 : 1));
}

/** The share (percent, one decimal) of the holders' coins held by the ten largest; null while nobody holds any. */
export function topTenShare(holders: { balance: bigint }[]): number | null {
  const total = holders.reduce((s, h) => s + h.balance, 0n);
  if (total === 0n) return null;
  const top = holders.slice(0, 10).reduce((s, h) => s + h.balance, 0n);
  return Number((top * 1000n) / total) / 10;
}
