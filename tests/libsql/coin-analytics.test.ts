import type { Address } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { coinDropAbi, creatorCoinAbi, memberVestingAbi } from '../../functions/chain';
import { buyLocally } from '../../functions/chain/deploy';
import { coinDeployments } from '../../functions/db/schema';
import { LOCAL_CHAIN_ID } from '../../functions/domain/chains/info';
import type { Bindings } from '../../functions/env';
import { createDeps } from '../../functions/platform/create-deps';
import { silentDoorbell } from '../../functions/realtime/doorbell';
import { coinAnalytics, runCoinIndexer } from '../../functions/services/coins';
import { campaign, deployCampaign, ok, startChain } from '../chain/support';
import { createLibsqlDb, NODE_ENV } from '../support/libsql';
import { insertCampaign } from '../support/libsql-fixtures';

/**
 * Coin analytics (docs/coins.md, "Coin analytics") on the production driver: after purchases, a
 * release from vesting and transfers between holders on a chain of the test's own, indexed, the
 * service's figures equal the sums computed straight from the chain's own logs and balances.
 */
const stores: { close(): void }[] = [];
afterEach(() => {
  for (const s of stores.splice(0)) s.close();
});

const ZERO = '0x0000000000000000000000000000000000000000';
const dayOf = (seconds: bigint) => new Date(Number(seconds) * 1000).toISOString().slice(0, 10);

describe('coin analytics', () => {
  it('equal the sums of the chain’s own logs: by day, in total, and the top holders', async () => {
    const chain = await startChain();
    const store = await createLibsqlDb();
    stores.push(store);
    const { db } = store;
    // Coins on, on the local chain (31337): the chain's id is all the analytics read of its configuration.
    const deps = createDeps({ ...NODE_ENV, COINS_ENABLED: 'true' } as Bindings, {
      db,
      bell: silentDoorbell,
      kv: null,
      media: null,
    });
    const { id: campaignId, ownerId } = await insertCampaign(db);
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
    const buy = (who: typeof chain.fan, coins: number) =>
      buyLocally(who, chain.client, { usdc: chain.usdc, drop: coin.drop }, coins);
    const send = (from: typeof chain.fan, to: Address, coins: bigint) =>
      ok(
        chain,
        from.writeContract({
          address: coin.coin,
          abi: creatorCoinAbi,
          functionName: 'transfer',
          args: [to, coins * 10n ** 18n],
          account: from.account,
          chain: from.chain,
        }),
      );
    await buy(chain.fan, 3);
    await buy(chain.otherFan, 5);
    await buy(chain.fan, 7);
    await send(chain.fan, chain.otherFan.account.address, 2n);
    // Past the team's cliff (6 months) by a month: a release, then more trade on a later day.
    await chain.test.increaseTime({ seconds: 7 * 2_628_000 });
    await chain.test.mine({ blocks: 1 });
    await ok(
      chain,
      chain.stranger.writeContract({
        address: coin.teamVesting,
        abi: memberVestingAbi,
        functionName: 'release',
        args: [chain.originator.account.address],
        account: chain.stranger.account,
        chain: chain.stranger.chain,
      }),
    );
    await send(chain.originator, chain.stranger.account.address, 100n);
    await buy(chain.stranger, 11);

    const run = await runCoinIndexer(deps, chain.client, { chainId: LOCAL_CHAIN_ID, confirmations: 0, local: true });
    expect(run.caughtUp).toBe(true);
    const owner = {
      userId: ownerId,
      email: 'o@example.test',
      username: 'o',
      avatarUrl: null,
      roles: [],
      sessionExpiresAt: '',
    };
    const { figures } = await coinAnalytics(deps, owner as never, campaignId);
    if (!figures) throw new Error('the coin has figures');

    // The truth: the chain's own logs, each dated by its block.
    const [purchased, transfers, released] = await Promise.all([
      chain.client.getContractEvents({ address: coin.drop, abi: coinDropAbi, eventName: 'Purchased', fromBlock: 0n }),
      chain.client.getContractEvents({ address: coin.coin, abi: creatorCoinAbi, eventName: 'Transfer', fromBlock: 0n }),
      Promise.all(
        [coin.teamVesting, coin.reserveVesting].map((address) =>
          chain.client.getContractEvents({ address, abi: memberVestingAbi, eventName: 'Released', fromBlock: 0n }),
        ),
      ).then((r) => r.flat()),
    ]);
    const times = new Map<bigint, bigint>();
    for (const l of [...purchased, ...transfers, ...released])
      if (!times.has(l.blockNumber))
        times.set(l.blockNumber, (await chain.client.getBlock({ blockNumber: l.blockNumber })).timestamp);
    const day = (l: { blockNumber: bigint }) => dayOf(times.get(l.blockNumber) ?? 0n);
    const notTrades = new Set([ZERO, coin.drop, coin.teamVesting, coin.reserveVesting].map((a) => a.toLowerCase()));
    const trades = transfers.filter((t) => !notTrades.has(String(t.args.from).toLowerCase()));
    const sum = <T>(xs: T[], pick: (x: T) => bigint) => xs.reduce((s, x) => s + pick(x), 0n);

    expect(BigInt(figures.totals.coinsSold)).toBe(sum(purchased, (l) => l.args.coins as bigint));
    expect(figures.totals.coinsSold).toBe(26);
    expect(figures.totals.usdcRaised).toBe(sum(purchased, (l) => l.args.cost as bigint));
    expect(figures.totals.purchases).toBe(purchased.length);
    expect(figures.totals.released).toBe(sum(released, (l) => l.args.amount as bigint));
    expect(figures.totals.released > 0n).toBe(true);
    expect(figures.totals.transfers).toBe(trades.length);
    expect(figures.totals.transfers).toBe(2);
    expect(figures.totals.transferred).toBe(sum(trades, (l) => l.args.value as bigint));

    // Each day's figures are the sums of that day's logs.
    const activeDays = new Set([...purchased, ...released, ...trades].map(day));
    expect(activeDays.size).toBe(2);
    for (const d of activeDays) {
      const row = figures.days.find((r) => r.date === d);
      expect(row, d).toBeDefined();
      expect(BigInt(row?.coinsSold ?? -1)).toBe(
        sum(
          purchased.filter((l) => day(l) === d),
          (l) => l.args.coins as bigint,
        ),
      );
      expect(row?.usdcRaised).toBe(
        sum(
          purchased.filter((l) => day(l) === d),
          (l) => l.args.cost as bigint,
        ),
      );
      expect(row?.released).toBe(
        sum(
          released.filter((l) => day(l) === d),
          (l) => l.args.amount as bigint,
        ),
      );
      expect(row?.transfers).toBe(trades.filter((l) => day(l) === d).length);
    }
    expect(figures.days.reduce((s, r) => s + r.coinsSold, 0)).toBe(figures.totals.coinsSold);

    // The holders are every address the coin's transfers left coins with, as balanceOf says (the
    // addresses it was minted to left out); the last day's holder count is theirs.
    const minted = new Set(transfers.filter((t) => t.args.from === ZERO).map((t) => String(t.args.to).toLowerCase()));
    const addresses = [...new Set(transfers.map((t) => String(t.args.to).toLowerCase()))].filter((a) => !minted.has(a));
    const balances = await Promise.all(
      addresses.map(async (a) => ({
        address: a,
        balance: await chain.client.readContract({
          address: coin.coin,
          abi: creatorCoinAbi,
          functionName: 'balanceOf',
          args: [a as Address],
        }),
      })),
    );
    const held = balances
      .filter((b) => b.balance > 0n)
      .sort((a, b) => (a.balance === b.balance ? a.address.localeCompare(b.address) : a.balance > b.balance ? -1 : 1));
    expect(figures.topHolders).toEqual(held.slice(0, 10));
    expect(figures.totals.holders).toBe(held.length);
    expect(figures.days.at(-1)?.holders).toBe(held.length);
  }, 120_000);
});
