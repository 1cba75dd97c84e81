import { and, desc, eq, sql } from 'drizzle-orm';
import type { CoinVesting } from '../../../chain/coin-vesting';
import {
  COIN_SUPPLY,
  ONE_COIN,
  RESERVE_SCHEDULE,
  splitProceeds,
  TEAM_SCHEDULE,
  vestedAfter,
  vestingAllocations,
} from '../../../chain/coins';
import type { Db } from '../../../db/client';
import {
  type CoinDeploymentRow,
  type CoinEventKind,
  coinEvents,
  coinIndexBlocks,
  coinIndexCursors,
} from '../../../db/schema';
import { COIN_COLLECT_TEXT } from '../../../domain/coins/collect-texts';
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

/**
 * The team's and the reserve's coins still locked at `now` and the next unlock, from the index and the
 * pinned split (docs/coins.md, "Vesting"): vesting starts at the deployment's block time — the block of
 * the coin's mint, as indexed — and each member's allocation vests on the contracts' schedule, so this
 * is exactly what the two vesting contracts would answer, without asking them.
 */
export async function indexedVesting(
  db: Db,
  chainId: number,
  deployment: Pick<CoinDeploymentRow, 'campaignId' | 'members'>,
  now: Date,
): Promise<CoinVesting> {
  const minted = await db
    .select({ at: sql<number | null>`min(${coinEvents.blockTime})` })
    .from(coinEvents)
    .where(
      and(
        eq(coinEvents.chainId, chainId),
        eq(coinEvents.campaignId, deployment.campaignId),
        eq(coinEvents.kind, 'transfer'),
        eq(coinEvents.account, ZERO),
      ),
    )
    .get();
  if (minted?.at == null) return { error: NOT_INDEXED };
  const start = BigInt(Math.floor(Number(minted.at) / 1000));
  const t = BigInt(Math.floor(now.getTime() / 1000));
  const elapsed = t > start ? t - start : 0n;
  const shares = deployment.members.map((m) => BigInt(m.sharePermille));
  let locked = 0n;
  const cliffs: bigint[] = [];
  let end = 0n;
  for (const [coins, schedule] of [
    [COIN_SUPPLY.team, TEAM_SCHEDULE],
    [COIN_SUPPLY.reserve, RESERVE_SCHEDULE],
  ] as const) {
    if (shares.length)
      for (const a of vestingAllocations(coins * ONE_COIN, shares)) locked += a - vestedAfter(a, schedule, elapsed);
    cliffs.push(start + schedule.cliff);
    const e = start + schedule.cliff + schedule.vesting;
    if (e > end) end = e;
  }
  const ahead = cliffs.filter((c) => c > t);
  const next = ahead.length ? ahead.reduce((a, b) => (a < b ? a : b)) : null;
  return {
    locked: Number(locked / ONE_COIN),
    nextUnlockAt: next === null ? null : new Date(Number(next) * 1000),
    fullyVestedAt: new Date(Number(end) * 1000),
  };
}

/** Said in place of the coin's figures until the indexer has read its deployment. */
export const NOT_INDEXED = COIN_COLLECT_TEXT.collectNotIndexed;

/** A coin's sale as its campaign's live channel sends it (functions/realtime/protocol.ts, `CoinSaleFigures`). */
export interface IndexedSaleFigures {
  sold: number;
  left: number;
  /** The sale's events are indexed up to and including this block: a purchase mined in it or before is counted. */
  indexedThrough: number;
}

/**
 * The campaign's coin sale as indexed, for the campaign's live channel; null when the indexer does
 * not follow a sale of this campaign on this chain (no coin deployed, or not reached yet).
 */
export async function indexedSaleFigures(
  db: Db,
  chainId: number,
  campaignId: string,
): Promise<IndexedSaleFigures | null> {
  // One statement, so the sum and the cursor are read from the same commit of the indexer's batch.
  const row = await db
    .select({
      sold: sql<number>`coalesce(sum(cast(${coinEvents.amount} as integer)), 0)`,
      next: sql<number | null>`(select ${coinIndexCursors.nextBlock} from ${coinIndexCursors} where ${and(
        eq(coinIndexCursors.chainId, chainId),
        eq(coinIndexCursors.campaignId, campaignId),
        eq(coinIndexCursors.contract, 'drop'),
      )})`,
    })
    .from(coinEvents)
    .where(and(eq(coinEvents.chainId, chainId), eq(coinEvents.campaignId, campaignId), eq(coinEvents.kind, 'purchase')))
    .get();
  if (row?.next == null) return null;
  const sold = Number(row.sold);
  return { sold, left: COIN_DISTRIBUTION.fanSupply - sold, indexedThrough: Number(row.next) - 1 };
}

/**
 * What `address` holds of each coin on the chain (the coin's 18-decimal units, by campaign), from the
 * indexed transfers: every transfer to it minus every transfer from it — what `balanceOf` answers at
 * the block the index reached. Coins it never held are absent.
 */
export async function indexedBalances(db: Db, chainId: number, address: string): Promise<Map<string, bigint>> {
  const who = address.toLowerCase();
  const of = { campaignId: coinEvents.campaignId, amount: coinEvents.amount };
  const transfer = and(eq(coinEvents.chainId, chainId), eq(coinEvents.kind, 'transfer'));
  const [sent, received] = await Promise.all([
    db
      .select(of)
      .from(coinEvents)
      .where(and(transfer, eq(coinEvents.account, who))),
    db
      .select(of)
      .from(coinEvents)
      .where(and(transfer, eq(coinEvents.counterparty, who))),
  ]);
  const balances = new Map<string, bigint>();
  const add = (campaignId: string, v: bigint) => balances.set(campaignId, (balances.get(campaignId) ?? 0n) + v);
  for (const t of received) add(t.campaignId, BigInt(t.amount));
  for (const t of sent) add(t.campaignId, -BigInt(t.amount));
  return balances;
}

/**
 * The chain's time as the index knows it: the later of the worker's clock and the newest indexed
 * block's time (a local chain's time may be moved ahead of the clock; a public chain's follows it).
 */
async function indexedChainTime(db: Db, chainId: number, now: Date): Promise<Date> {
  // The highest block's time (block times never go down), found through the primary key.
  const row = await db
    .select({ at: coinIndexBlocks.time })
    .from(coinIndexBlocks)
    .where(eq(coinIndexBlocks.chainId, chainId))
    .orderBy(desc(coinIndexBlocks.number))
    .limit(1)
    .get();
  const head = row ? row.at.getTime() : 0;
  return new Date(Math.max(now.getTime(), head));
}

/** One vesting contract as one member sees it (coin units, 18 decimals), as `MemberVesting` answers. */
export interface IndexedMemberVesting {
  contract: string;
  allocation: bigint;
  vested: bigint;
  released: bigint;
  releasable: bigint;
  locked: bigint;
  cliffEnd: Date;
  end: Date;
}

/** One member's side of a deployed coin, from the index (the same figures `memberCoinRead` reads from the chain). */
export interface IndexedMemberCoin {
  sold: number;
  /** USDC units credited to the payee and not yet withdrawn. */
  proceeds: bigint;
  team: IndexedMemberVesting;
  reserve: IndexedMemberVesting;
  /** The time the vesting figures are judged at (`indexedChainTime`). */
  chainTime: Date;
}

/**
 * One member's side of a deployed coin from the index and the pinned split (docs/coins.md,
 * "Collecting: the members' page"): their credit is, per indexed purchase, their part of its cost as the
 * sale splits it (`splitProceeds`), less their indexed withdrawals; per vesting contract their
 * allocation (`vestingAllocations`), vested on the contract's schedule from the coin's mint, less their
 * indexed releases. An error until the indexer has read the deployment.
 */
export async function indexedMemberCoin(
  db: Db,
  chainId: number,
  deployment: Pick<
    CoinDeploymentRow,
    'campaignId' | 'members' | 'feePercent' | 'dropAddress' | 'teamVestingAddress' | 'reserveVestingAddress'
  >,
  payee: string,
  now: Date,
): Promise<IndexedMemberCoin | { error: string }> {
  const member = payee.toLowerCase();
  const index = deployment.members.findIndex((m) => m.address.toLowerCase() === member);
  const ofCampaign = (kind: CoinEventKind) =>
    and(eq(coinEvents.chainId, chainId), eq(coinEvents.campaignId, deployment.campaignId), eq(coinEvents.kind, kind));
  const [minted, costs, withdrawn, released, sale, chainTime] = await Promise.all([
    db
      .select({ at: sql<number | null>`min(${coinEvents.blockTime})` })
      .from(coinEvents)
      .where(and(ofCampaign('transfer'), eq(coinEvents.account, ZERO)))
      .get(),
    // Purchases of the same cost are credited alike: one row per distinct cost.
    db
      .select({ cost: coinEvents.value, count: sql<number>`count(*)` })
      .from(coinEvents)
      .where(ofCampaign('purchase'))
      .groupBy(coinEvents.value),
    db
      .select({ value: coinEvents.value })
      .from(coinEvents)
      .where(and(ofCampaign('withdrawal'), eq(coinEvents.account, member))),
    db
      .select({ contract: coinEvents.contract, amount: coinEvents.amount })
      .from(coinEvents)
      .where(and(ofCampaign('release'), eq(coinEvents.account, member))),
    indexedSale(db, chainId, deployment.campaignId),
    indexedChainTime(db, chainId, now),
  ]);
  if (minted?.at == null || index < 0) return { error: NOT_INDEXED };
  const shares = deployment.members.map((m) => BigInt(m.sharePermille));
  let proceeds = 0n;
  for (const c of costs)
    proceeds += (splitProceeds(BigInt(c.cost), deployment.feePercent, shares).members[index] ?? 0n) * BigInt(c.count);
  for (const w of withdrawn) proceeds -= BigInt(w.value);
  const start = BigInt(Math.floor(Number(minted.at) / 1000));
  const t = BigInt(Math.floor(chainTime.getTime() / 1000));
  const elapsed = t > start ? t - start : 0n;
  const at = (seconds: bigint) => new Date(Number(seconds) * 1000);
  const vesting = (contract: string | null, coins: bigint, schedule: typeof TEAM_SCHEDULE): IndexedMemberVesting => {
    const address = (contract ?? '').toLowerCase();
    const allocation = vestingAllocations(coins * ONE_COIN, shares)[index] ?? 0n;
    const vested = vestedAfter(allocation, schedule, elapsed);
    const out = released.filter((r) => r.contract === address).reduce((s, r) => s + BigInt(r.amount), 0n);
    return {
      contract: contract ?? '',
      allocation,
      vested,
      released: out,
      releasable: vested - out,
      locked: allocation - vested,
      cliffEnd: at(start + schedule.cliff),
      end: at(start + schedule.cliff + schedule.vesting),
    };
  };
  return {
    sold: sale.sold,
    proceeds,
    team: vesting(deployment.teamVestingAddress, COIN_SUPPLY.team, TEAM_SCHEDULE),
    reserve: vesting(deployment.reserveVestingAddress, COIN_SUPPLY.reserve, RESERVE_SCHEDULE),
    chainTime,
  };
}
