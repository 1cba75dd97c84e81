import { and, eq } from 'drizzle-orm';
import type { Address, PublicClient } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { coinDropAbi, creatorCoinAbi, memberVestingAbi } from '../../functions/chain';
import { buyLocally } from '../../functions/chain/deploy';
import { coinDeployments, coinEvents, coinIndexCursors } from '../../functions/db/schema';
import { LOCAL_CHAIN_ID } from '../../functions/domain/chains/info';
import {
  type IndexOptions,
  indexedBalances,
  indexedHolders,
  indexedMemberCoin,
  indexedSale,
  runCoinIndexer,
} from '../../functions/services/coins';
import { type Chain, campaign, deployCampaign, ok, startChain } from '../chain/support';
import { createLibsqlDb, libsqlDeps } from '../support/libsql';
import { insertCampaign } from '../support/libsql-fixtures';

/**
 * The coin indexer (docs/coins.md, "The index") on the production driver (libSQL) against a chain of
 * each test's own (Hardhat in process): stopped anywhere and run again, fed the same logs twice, and
 * across a reorg, it ends with exactly what the chain's own logs and views say.
 */
const stores: { close(): void }[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

async function setup() {
  const chain = await startChain();
  const store = await createLibsqlDb();
  stores.push(store);
  const { db } = store;
  const deps = libsqlDeps(db);
  const { id: campaignId } = await insertCampaign(db);
  const coin = await deployCampaign(chain, campaign(chain, { campaignId }));
  await db.insert(coinDeployments).values({
    campaignId,
    chainId: LOCAL_CHAIN_ID,
    status: 'deployed',
    agreementVersion: 1,
    name: 'Tidewater Coin',
    symbol: 'TIDE',
    price: 100,
    feePercent: 7,
    members: [],
    coinAddress: coin.coin,
    dropAddress: coin.drop,
    teamVestingAddress: coin.teamVesting,
    reserveVestingAddress: coin.reserveVesting,
    startedAt: new Date(),
    deployedAt: new Date(),
  });
  const index = (options: Partial<IndexOptions> = {}, client: PublicClient = chain.client) =>
    runCoinIndexer(deps, client, { chainId: LOCAL_CHAIN_ID, confirmations: 0, local: true, ...options });
  const buy = (who: Chain['fan'], coins: number) =>
    buyLocally(who, chain.client, { usdc: chain.usdc, drop: coin.drop }, coins);
  /** What the chain itself says: its views, and its own logs summed. */
  const truth = async () => {
    const [sold, purchases, transfers] = await Promise.all([
      chain.client.readContract({ address: coin.drop, abi: coinDropAbi, functionName: 'coinsSold' }),
      chain.client.getContractEvents({ address: coin.drop, abi: coinDropAbi, eventName: 'Purchased', fromBlock: 0n }),
      chain.client.getContractEvents({
        address: coin.coin,
        abi: creatorCoinAbi,
        eventName: 'Transfer',
        fromBlock: 0n,
      }),
    ]);
    return {
      sold: Number(sold),
      purchases: purchases.map((l) => `${l.transactionHash}:${l.logIndex}`).sort(),
      transfers: transfers.length,
    };
  };
  const indexed = async () => {
    const rows = await db.select().from(coinEvents).where(eq(coinEvents.campaignId, campaignId));
    return {
      sold: (await indexedSale(db, LOCAL_CHAIN_ID, campaignId)).sold,
      purchases: rows
        .filter((r) => r.kind === 'purchase')
        .map((r) => `${r.txHash}:${r.logIndex}`)
        .sort(),
      transfers: rows.filter((r) => r.kind === 'transfer').length,
    };
  };
  const lowerTruth = async () => {
    const t = await truth();
    return { ...t, purchases: t.purchases.map((p) => p.toLowerCase()) };
  };
  return { chain, db, deps, campaignId, coin, index, buy, truth: lowerTruth, indexed };
}

/** The chain's client with eth_getLogs answered through `change` (a fault, or a log delivered twice). */
function withLogs(client: PublicClient, change: (call: number, read: () => Promise<unknown[]>) => Promise<unknown[]>) {
  let calls = 0;
  return new Proxy(client, {
    get(target, key, receiver) {
      if (key === 'getLogs')
        return (args: Parameters<PublicClient['getLogs']>[0]) =>
          change(++calls, () => target.getLogs(args as never) as Promise<unknown[]>);
      return Reflect.get(target, key, receiver);
    },
  }) as PublicClient;
}

describe('the coin indexer', () => {
  it('reaches the chain’s totals after being stopped halfway, or failing at any range, and run again', async () => {
    const t = await setup();
    for (const [who, coins] of [
      [t.chain.fan, 3],
      [t.chain.otherFan, 5],
      [t.chain.fan, 7],
      [t.chain.stranger, 11],
    ] as const)
      await t.buy(who, coins);
    // Out of requests after a few small ranges: part of the history, and a run that says it has not caught up.
    const first = await t.index({ rangeBlocks: 4, maxSubrequests: 8 });
    expect(first.caughtUp).toBe(false);
    expect((await t.indexed()).sold).toBeLessThan((await t.truth()).sold);
    // A run that fails at its 2nd range (the node errs) keeps what it committed, and the next finishes.
    await expect(
      t.index(
        { rangeBlocks: 4 },
        withLogs(t.chain.client, async (call, read) => {
          if (call === 2) throw new Error('the node went away');
          return read();
        }),
      ),
    ).rejects.toThrow('the node went away');
    const done = await t.index({ rangeBlocks: 4 });
    expect(done.caughtUp).toBe(true);
    expect(await t.indexed()).toEqual(await t.truth());
    expect((await t.truth()).sold).toBe(26);
  });

  it('counts a log delivered twice once, and a range indexed again changes nothing', async () => {
    const t = await setup();
    await t.buy(t.chain.fan, 4);
    await t.buy(t.chain.otherFan, 6);
    await t.index(
      {},
      withLogs(t.chain.client, async (_call, read) => [...(await read()), ...(await read())]),
    );
    expect(await t.indexed()).toEqual(await t.truth());
    // Every cursor back to the start: the whole history read again.
    await t.db.update(coinIndexCursors).set({ nextBlock: 0 }).where(eq(coinIndexCursors.campaignId, t.campaignId));
    await t.index();
    expect(await t.indexed()).toEqual(await t.truth());
    expect((await t.indexed()).sold).toBe(10);
  });

  it('after a reorg keeps only the new history', async () => {
    const t = await setup();
    await t.buy(t.chain.fan, 2);
    await t.index();
    const kept = (await t.indexed()).purchases;
    const snapshot = await t.chain.test.snapshot();
    await t.buy(t.chain.fan, 9);
    await t.buy(t.chain.otherFan, 9);
    await t.index();
    const before = await t.indexed();
    expect(before.sold).toBe(20);
    await t.chain.test.revert({ id: snapshot });
    // Other transactions, past the height indexed before.
    await t.buy(t.chain.stranger, 1);
    await t.buy(t.chain.stranger, 1);
    await t.buy(t.chain.otherFan, 3);
    const run = await t.index();
    expect(run.rewoundTo).not.toBeNull();
    const after = await t.indexed();
    expect(after).toEqual(await t.truth());
    expect(after.sold).toBe(7);
    expect(after.purchases).toEqual(expect.arrayContaining(kept));
    const gone = before.purchases.filter((p) => !kept.includes(p));
    expect(gone).toHaveLength(2);
    for (const p of gone) expect(after.purchases).not.toContain(p);
  });

  it('counts a purchase sent straight to the contract by a script, in the holders too', async () => {
    const t = await setup();
    const script = t.chain.stranger;
    await t.buy(script, 12);
    await t.buy(t.chain.fan, 30);
    await t.index();
    expect((await indexedSale(t.db, LOCAL_CHAIN_ID, t.campaignId)).sold).toBe(42);
    const holders = await indexedHolders(t.db, LOCAL_CHAIN_ID, t.campaignId);
    const balanceOf = (a: Address) =>
      t.chain.client.readContract({ address: t.coin.coin, abi: creatorCoinAbi, functionName: 'balanceOf', args: [a] });
    expect(holders).toEqual([
      { address: t.chain.fan.account.address.toLowerCase(), balance: await balanceOf(t.chain.fan.account.address) },
      { address: script.account.address.toLowerCase(), balance: await balanceOf(script.account.address) },
    ]);
    const rows = await t.db
      .select()
      .from(coinEvents)
      .where(and(eq(coinEvents.campaignId, t.campaignId), eq(coinEvents.kind, 'purchase')));
    expect(rows.map((r) => r.account).sort()).toEqual(
      [t.chain.fan.account.address, script.account.address].map((a) => a.toLowerCase()).sort(),
    );
  });
});

describe('figures derived from the index', () => {
  it('a wallet’s balance after transfers, and a member’s credit and vesting, equal the contracts’ own views', async () => {
    const t = await setup();
    const { chain, coin } = t;
    const members = coin.params.members.map((m, i) => ({
      userId: `member-${i}`,
      username: `member_${i}`,
      address: m.address,
      sharePermille: m.share,
    }));
    await t.db.update(coinDeployments).set({ members }).where(eq(coinDeployments.campaignId, t.campaignId));
    // Purchases of odd sizes (two of the same cost), a withdrawal, a release after the team's cliff, transfers.
    for (const [who, coins] of [
      [chain.fan, 7],
      [chain.otherFan, 13],
      [chain.stranger, 7],
    ] as const)
      await t.buy(who, coins);
    const [originator, contributorA] = [chain.originator, chain.contributorA];
    await ok(
      chain,
      contributorA.writeContract({
        address: coin.drop,
        abi: coinDropAbi,
        functionName: 'withdraw',
        args: [contributorA.account.address],
      }),
    );
    await t.buy(chain.fan, 5);
    await chain.test.increaseTime({ seconds: 7 * 2_628_000 });
    await chain.test.mine({ blocks: 1 });
    await ok(
      chain,
      originator.writeContract({
        address: coin.teamVesting,
        abi: memberVestingAbi,
        functionName: 'release',
        args: [originator.account.address],
      }),
    );
    const one = 10n ** 18n;
    await ok(
      chain,
      chain.fan.writeContract({
        address: coin.coin,
        abi: creatorCoinAbi,
        functionName: 'transfer',
        args: [chain.contributorB.account.address, 4n * one],
      }),
    );
    await ok(
      chain,
      originator.writeContract({
        address: coin.coin,
        abi: creatorCoinAbi,
        functionName: 'transfer',
        args: [chain.fan.account.address, one / 3n],
      }),
    );
    await t.index();

    const read = chain.client;
    const balanceOf = (a: Address) =>
      read.readContract({ address: coin.coin, abi: creatorCoinAbi, functionName: 'balanceOf', args: [a] });
    for (const who of [chain.fan, chain.contributorB, originator, chain.stranger, chain.treasury]) {
      const held = await indexedBalances(t.db, LOCAL_CHAIN_ID, who.account.address);
      expect(held.get(t.campaignId) ?? 0n).toBe(await balanceOf(who.account.address));
    }

    // Judged at the chain's time as indexed: the worker's clock is behind the moved chain here.
    const now = (await read.getBlock()).timestamp;
    const deployment = { ...(await t.db.select().from(coinDeployments).get()), members } as Parameters<
      typeof indexedMemberCoin
    >[2];
    for (const m of members) {
      const got = await indexedMemberCoin(t.db, LOCAL_CHAIN_ID, deployment, m.address, new Date(0));
      if ('error' in got) throw new Error(got.error);
      const member = m.address as Address;
      expect(got.chainTime.getTime()).toBe(Number(now) * 1000);
      expect(got.sold).toBe(32);
      expect(got.proceeds).toBe(
        await read.readContract({ address: coin.drop, abi: coinDropAbi, functionName: 'withdrawable', args: [member] }),
      );
      for (const [address, v] of [
        [coin.teamVesting, got.team],
        [coin.reserveVesting, got.reserve],
      ] as const) {
        const view = <F extends 'allocation' | 'released'>(fn: F) =>
          read.readContract({ address, abi: memberVestingAbi, functionName: fn as 'allocation', args: [member] });
        const vested = await read.readContract({
          address,
          abi: memberVestingAbi,
          functionName: 'vestedAmount',
          args: [member, now],
        });
        const cliffEnd = await read.readContract({ address, abi: memberVestingAbi, functionName: 'cliffEnd' });
        expect({ allocation: v.allocation, released: v.released, vested: v.vested, cliffEnd: v.cliffEnd }).toEqual({
          allocation: await view('allocation'),
          released: await view('released'),
          vested,
          cliffEnd: new Date(Number(cliffEnd) * 1000),
        });
        expect(v.releasable).toBe(v.vested - v.released);
      }
    }
    // The release happened: the originator's team figures show it.
    const origin = await indexedMemberCoin(t.db, LOCAL_CHAIN_ID, deployment, originator.account.address, new Date(0));
    expect('error' in origin ? 0n : origin.team.released).toBeGreaterThan(0n);
  });
});
