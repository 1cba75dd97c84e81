import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { type Address, BlockNotFoundError, getAbiItem, type Hex, type PublicClient } from 'viem';
import { coinDropAbi } from '../../../chain/generated/coin-drop';
import { creatorCoinAbi } from '../../../chain/generated/creator-coin';
import { memberVestingAbi } from '../../../chain/generated/member-vesting';
import type { IndexRun } from '../../../chain/index-run';
import type { Db } from '../../../db/client';
import {
  type CoinContractKind,
  type CoinEventKind,
  coinDeployments,
  coinEvents,
  coinIndexBlocks,
  coinIndexCursors,
} from '../../../db/schema';
import { UnitOfWork, type WriteDeps } from '../../../db/unit-of-work';

export type { IndexRun };

/** The indexer's bounds (docs/coins.md, "The index"). */
export const INDEXER = {
  /** Blocks asked for in one eth_getLogs: public endpoints refuse wide ranges. */
  rangeBlocks: 1_000,
  /**
   * Requests a run makes at most — chain round trips (each one JSON-RPC batch) and database calls —
   * so one run stays under a Worker's subrequest limit (50 on the Free plan); the next run goes on.
   */
  maxSubrequests: 45,
  /** Stored blocks compared with the chain in one round trip while looking for where a reorg forked. */
  forkLookback: 100,
  /** Event rows per insert: 12 columns each, and D1 binds at most 100 parameters a statement. */
  rowsPerInsert: 8,
} as const;

/** How far behind the chain's head the indexer stays: N blocks, or the chain's `safe` block. */
export type Confirmations = number | 'safe';

const EVENTS = [
  getAbiItem({ abi: coinDropAbi, name: 'Purchased' }),
  getAbiItem({ abi: coinDropAbi, name: 'Withdrawn' }),
  getAbiItem({ abi: creatorCoinAbi, name: 'Transfer' }),
  getAbiItem({ abi: memberVestingAbi, name: 'Released' }),
] as const;

/** Which event each contract may emit into the index: a log of another kind from that address is not ours to count. */
const KIND_OF: Record<CoinContractKind, Partial<Record<(typeof EVENTS)[number]['name'], CoinEventKind>>> = {
  coin: { Transfer: 'transfer' },
  drop: { Purchased: 'purchase', Withdrawn: 'withdrawal' },
  'team-vesting': { Released: 'release' },
  'reserve-vesting': { Released: 'release' },
};

export interface IndexOptions {
  chainId: number;
  confirmations: Confirmations;
  /** The local chain: a deployment whose block cannot be found starts at block 0. */
  local?: boolean;
  /** Only this campaign's contracts (a purchase made in the app); every coin of the chain otherwise. */
  campaignId?: string;
  /** Blocks per eth_getLogs (INDEXER.rangeBlocks by default). */
  rangeBlocks?: number;
  /** Requests this run may make (INDEXER.maxSubrequests by default); tests stop a run halfway with a small one. */
  maxSubrequests?: number;
}

const lower = (a: string) => a.toLowerCase();

/**
 * One run of a chain's indexer: copies our coin contracts' events (purchases, transfers, withdrawals,
 * releases) into the database, range by range. Each range's events, block hashes and cursor move are
 * one batch, so a run stopped anywhere resumes from the last committed range; events are keyed by
 * their place on the chain, so a log seen twice counts once; a stored block whose hash the chain no
 * longer has is a reorg: everything above the fork is deleted and indexed again. Only the addresses
 * recorded at deployment are asked for, so a transaction anyone reports changes nothing by itself.
 */
export async function runCoinIndexer(deps: WriteDeps, client: PublicClient, options: IndexOptions): Promise<IndexRun> {
  const { db } = deps;
  const { chainId } = options;
  let budget = options.maxSubrequests ?? INDEXER.maxSubrequests;
  const spend = (n = 1) => {
    budget -= n;
  };
  const out: IndexRun = { head: 0, rewoundTo: null, blocks: 0, events: 0, purchased: [], caughtUp: false };

  const top = await db
    .select()
    .from(coinIndexBlocks)
    .where(eq(coinIndexBlocks.chainId, chainId))
    .orderBy(desc(coinIndexBlocks.number))
    .limit(1)
    .get();
  spend();
  const [head, topOnChain] = await Promise.all([
    headOf(client, options.confirmations),
    top ? hashAt(client, top.number) : null,
  ]);
  spend();
  out.head = head;
  if (top && topOnChain !== top.hash) {
    const fork = await findFork(db, client, chainId, top.number, () => budget > 2, spend);
    await rewind(deps, chainId, fork);
    spend();
    out.rewoundTo = fork;
  }

  await startCursors(deps, client, options, spend);

  const scope = options.campaignId
    ? and(eq(coinIndexCursors.chainId, chainId), eq(coinIndexCursors.campaignId, options.campaignId))
    : eq(coinIndexCursors.chainId, chainId);
  const purchased = new Set<string>();
  for (;;) {
    const cursors = await db.select().from(coinIndexCursors).where(scope).orderBy(asc(coinIndexCursors.nextBlock));
    spend();
    const open = cursors.filter((c) => c.nextBlock <= head);
    if (open.length === 0) {
      out.caughtUp = true;
      break;
    }
    // A range costs at least a getLogs round trip, its blocks' round trip and its batch.
    if (budget < 3) break;
    const from = open[0]?.nextBlock as number;
    const group = open.filter((c) => c.nextBlock === from);
    const above = cursors.find((c) => c.nextBlock > from)?.nextBlock;
    const to = Math.min(
      from + (options.rangeBlocks ?? INDEXER.rangeBlocks) - 1,
      head,
      above !== undefined ? above - 1 : head,
    );
    const kindOf = new Map(group.map((c) => [c.address, c]));
    const logs = await client.getLogs({
      address: group.map((c) => c.address as Address),
      events: EVENTS,
      fromBlock: BigInt(from),
      toBlock: BigInt(to),
      strict: true,
    });
    spend();
    const numbers = [...new Set([...logs.map((l) => Number(l.blockNumber)), to])];
    const blocks = new Map<number, { hash: string; time: number }>();
    for (let i = 0; i < numbers.length; i += 100) {
      const chunk = numbers.slice(i, i + 100);
      const read = await Promise.all(chunk.map((n) => client.getBlock({ blockNumber: BigInt(n) })));
      spend();
      for (const b of read) blocks.set(Number(b.number), { hash: b.hash, time: Number(b.timestamp) * 1000 });
    }
    const rows: (typeof coinEvents.$inferInsert)[] = [];
    for (const log of logs) {
      const cursor = kindOf.get(lower(log.address));
      const kind = cursor && KIND_OF[cursor.contract][log.eventName];
      if (!cursor || !kind || log.removed) continue;
      // A log of a block the chain replaced while this range was read: the next run reads the range again.
      if (blocks.get(Number(log.blockNumber))?.hash !== log.blockHash)
        throw new Error('The chain changed while a range was read; the next run reads it again.');
      const base = {
        chainId,
        txHash: lower(log.transactionHash),
        logIndex: log.logIndex,
        blockNumber: Number(log.blockNumber),
        blockTime: new Date(blocks.get(Number(log.blockNumber))?.time ?? 0),
        campaignId: cursor.campaignId,
        contract: cursor.address,
        kind,
      };
      const a = log.args as Record<string, unknown>;
      if (log.eventName === 'Purchased')
        rows.push({ ...base, account: lower(a.buyer as string), amount: String(a.coins), value: String(a.cost) });
      else if (log.eventName === 'Withdrawn')
        rows.push({ ...base, account: lower(a.payee as string), value: String(a.amount) });
      else if (log.eventName === 'Transfer')
        rows.push({
          ...base,
          account: lower(a.from as string),
          counterparty: lower(a.to as string),
          amount: String(a.value),
        });
      else if (log.eventName === 'Released')
        rows.push({ ...base, account: lower(a.member as string), amount: String(a.amount) });
      if (kind === 'purchase') purchased.add(cursor.campaignId);
    }
    const uow = new UnitOfWork(deps, null);
    for (let i = 0; i < rows.length; i += INDEXER.rowsPerInsert)
      uow.add(
        db
          .insert(coinEvents)
          .values(rows.slice(i, i + INDEXER.rowsPerInsert))
          .onConflictDoNothing(),
      );
    const blockRows = [...blocks].map(([number, b]) => ({ chainId, number, hash: b.hash, time: new Date(b.time) }));
    for (let i = 0; i < blockRows.length; i += 25)
      uow.add(
        db
          .insert(coinIndexBlocks)
          .values(blockRows.slice(i, i + 25))
          .onConflictDoUpdate({
            target: [coinIndexBlocks.chainId, coinIndexBlocks.number],
            set: { hash: sql`excluded.hash`, time: sql`excluded.time` },
          }),
      );
    uow.add(
      db
        .update(coinIndexCursors)
        .set({ nextBlock: to + 1, updatedAt: deps.clock.now() })
        .where(
          and(
            eq(coinIndexCursors.chainId, chainId),
            inArray(
              coinIndexCursors.address,
              group.map((c) => c.address),
            ),
            eq(coinIndexCursors.nextBlock, from),
          ),
        ),
    );
    await uow.commit();
    spend();
    out.blocks += to - from + 1;
    out.events += rows.length;
  }
  out.purchased = [...purchased];
  return out;
}

async function headOf(client: PublicClient, confirmations: Confirmations): Promise<number> {
  if (confirmations === 'safe') return Number((await client.getBlock({ blockTag: 'safe' })).number);
  return Math.max(-1, Number(await client.getBlockNumber({ cacheTime: 0 })) - confirmations);
}

/** The chain's hash of block `n` now, or null when it has no such block (it is shorter than it was). */
async function hashAt(client: PublicClient, n: number): Promise<string | null> {
  try {
    return (await client.getBlock({ blockNumber: BigInt(n) })).hash;
  } catch (err) {
    if (err instanceof BlockNotFoundError) return null;
    throw err;
  }
}

/**
 * The highest stored block whose hash the chain still has (its ancestors then match too: each block
 * names its parent's hash), or -1 when none does; stored blocks are compared from the top down.
 * Out of requests, it settles for below the lowest block compared: indexing again costs time, never truth.
 */
async function findFork(
  db: Db,
  client: PublicClient,
  chainId: number,
  above: number,
  mayAsk: () => boolean,
  spend: (n?: number) => void,
): Promise<number> {
  let below = above;
  for (;;) {
    const stored = await db
      .select()
      .from(coinIndexBlocks)
      .where(and(eq(coinIndexBlocks.chainId, chainId), lt(coinIndexBlocks.number, below)))
      .orderBy(desc(coinIndexBlocks.number))
      .limit(INDEXER.forkLookback);
    spend();
    if (stored.length === 0) return -1;
    if (!mayAsk()) return (stored[stored.length - 1]?.number ?? 0) - 1;
    const onChain = await Promise.all(stored.map((b) => hashAt(client, b.number)));
    spend();
    const kept = stored.findIndex((b, i) => onChain[i] === b.hash);
    if (kept >= 0) return stored[kept]?.number as number;
    below = stored[stored.length - 1]?.number as number;
  }
}

/** Forgets everything above block `fork` on this chain, in one batch: its events and block hashes, and cursors past it move back. */
async function rewind(deps: WriteDeps, chainId: number, fork: number) {
  const { db } = deps;
  await new UnitOfWork(deps, null)
    .add(
      db.delete(coinEvents).where(and(eq(coinEvents.chainId, chainId), gt(coinEvents.blockNumber, fork))),
      db.delete(coinIndexBlocks).where(and(eq(coinIndexBlocks.chainId, chainId), gt(coinIndexBlocks.number, fork))),
      db
        .update(coinIndexCursors)
        .set({ nextBlock: fork + 1, updatedAt: deps.clock.now() })
        .where(and(eq(coinIndexCursors.chainId, chainId), gt(coinIndexCursors.nextBlock, fork + 1))),
    )
    .commit();
}

/**
 * Cursors for coins deployed since the last run, from the block of their deployment (its receipt;
 * on the local chain, whose node forgets everything on restart, block 0 when that receipt is gone).
 */
async function startCursors(deps: WriteDeps, client: PublicClient, options: IndexOptions, spend: (n?: number) => void) {
  const { db } = deps;
  const missing = await db
    .select({ deployment: coinDeployments })
    .from(coinDeployments)
    .leftJoin(
      coinIndexCursors,
      and(
        eq(coinIndexCursors.chainId, coinDeployments.chainId),
        eq(coinIndexCursors.campaignId, coinDeployments.campaignId),
      ),
    )
    .where(
      and(
        eq(coinDeployments.chainId, options.chainId),
        eq(coinDeployments.status, 'deployed'),
        isNull(coinIndexCursors.address),
        ...(options.campaignId ? [eq(coinDeployments.campaignId, options.campaignId)] : []),
      ),
    );
  spend();
  if (missing.length === 0) return;
  const starts = await Promise.all(
    missing.map(async ({ deployment: d }) => {
      try {
        if (!d.txHash) throw new Error('no transaction recorded');
        return Number((await client.getTransactionReceipt({ hash: d.txHash as Hex })).blockNumber);
      } catch (err) {
        if (options.local) return 0;
        throw err;
      }
    }),
  );
  spend();
  const uow = new UnitOfWork(deps, null);
  const now = deps.clock.now();
  missing.forEach(({ deployment: d }, i) => {
    const contracts: [CoinContractKind, string | null][] = [
      ['coin', d.coinAddress],
      ['drop', d.dropAddress],
      ['team-vesting', d.teamVestingAddress],
      ['reserve-vesting', d.reserveVestingAddress],
    ];
    uow.add(
      db
        .insert(coinIndexCursors)
        .values(
          contracts
            .filter((c): c is [CoinContractKind, string] => !!c[1])
            .map(([contract, address]) => ({
              chainId: options.chainId,
              address: lower(address),
              campaignId: d.campaignId,
              contract,
              nextBlock: starts[i] as number,
              updatedAt: now,
            })),
        )
        .onConflictDoNothing(),
    );
  });
  await uow.commit();
  spend();
}

/** Forgets a chain's whole index (the local chain, which `npm start` creates anew every time). */
export async function forgetChainIndex(deps: WriteDeps, chainId: number) {
  const { db } = deps;
  await new UnitOfWork(deps, null)
    .add(
      db.delete(coinEvents).where(eq(coinEvents.chainId, chainId)),
      db.delete(coinIndexBlocks).where(eq(coinIndexBlocks.chainId, chainId)),
      db.delete(coinIndexCursors).where(eq(coinIndexCursors.chainId, chainId)),
    )
    .commit();
}
