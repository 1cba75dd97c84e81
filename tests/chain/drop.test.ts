import type { Address } from 'viem';
import { beforeAll, describe, expect, test } from 'vitest';
import { coinDropAbi, creatorCoinAbi, ONE_COIN, splitProceeds, testUsdcAbi } from '../../functions/chain';
import {
  type Chain,
  campaign,
  coinBalance,
  deployCampaign,
  faucet,
  latestTimestamp,
  ok,
  revertOf,
  signPermit,
  startChain,
  usdcBalance,
  withdrawable,
} from './support';

let chain: Chain;
beforeAll(async () => {
  chain = await startChain();
  for (const fan of [chain.fan, chain.otherFan]) await faucet(chain, fan.account.address, 1_000_000n * 10n ** 6n);
});

const USDC = { name: 'USDC', version: '2' };

const approve = (owner: Chain['fan'], spender: Address, amount: bigint) =>
  ok(
    chain,
    owner.writeContract({ address: chain.usdc, abi: testUsdcAbi, functionName: 'approve', args: [spender, amount] }),
  );

const buy = (buyer: Chain['fan'], drop: Address, coins: bigint) =>
  buyer.writeContract({ address: drop, abi: coinDropAbi, functionName: 'buy', args: [coins] });

/** Everything a purchase could move: the buyer's and the sale's coins and USDC, and every credit. */
async function snapshot(d: Awaited<ReturnType<typeof deployCampaign>>, buyer: Address) {
  const recipients = [chain.treasury.account.address, ...d.params.members.map((m) => m.address)];
  return {
    buyerCoins: await coinBalance(chain, d.coin, buyer),
    dropCoins: await coinBalance(chain, d.coin, d.drop),
    buyerUsdc: await usdcBalance(chain, buyer),
    dropUsdc: await usdcBalance(chain, d.drop),
    credits: await Promise.all(recipients.map((r) => withdrawable(chain, d.drop, r))),
    sold: await chain.client.readContract({ address: d.drop, abi: coinDropAbi, functionName: 'coinsSold' }),
  };
}

describe('buying coins', () => {
  test('with a prior approval: whole coins at the campaign price, paid in USDC', async () => {
    // $0.10 a coin is 100,000 USDC units; 7 coins cost 700,000 ($0.70).
    const d = await deployCampaign(chain, campaign(chain, { price: 1000 }));
    const before = await snapshot(d, chain.fan.account.address);
    await approve(chain.fan, d.drop, 700_000n);
    const receipt = await ok(chain, buy(chain.fan, d.drop, 7n));

    const after = await snapshot(d, chain.fan.account.address);
    expect(after.buyerCoins - before.buyerCoins).toBe(7n * ONE_COIN);
    expect(before.dropCoins - after.dropCoins).toBe(7n * ONE_COIN);
    expect(before.buyerUsdc - after.buyerUsdc).toBe(700_000n);
    expect(after.dropUsdc).toBe(700_000n);
    expect(after.sold).toBe(7n);
    expect(await chain.client.readContract({ address: d.drop, abi: coinDropAbi, functionName: 'coinsLeft' })).toBe(
      99_993n,
    );
    const [event] = await chain.client.getContractEvents({
      address: d.drop,
      abi: coinDropAbi,
      eventName: 'Purchased',
      blockHash: receipt.blockHash,
    });
    expect(event.args).toEqual({ buyer: chain.fan.account.address, coins: 7n, cost: 700_000n });
  });

  test('with a permit signed for the cost, in one transaction and without an approval', async () => {
    const d = await deployCampaign(chain);
    const buyer = chain.otherFan;
    const cost = 3n * 10_000n;
    const deadline = (await latestTimestamp(chain)) + 3600n;
    const { v, r, s } = await signPermit(chain, buyer, { address: chain.usdc, ...USDC }, d.drop, cost, deadline);
    const before = await snapshot(d, buyer.account.address);
    await ok(
      chain,
      buyer.writeContract({
        address: d.drop,
        abi: coinDropAbi,
        functionName: 'buyWithPermit',
        args: [3n, deadline, v, r, s],
      }),
    );
    const after = await snapshot(d, buyer.account.address);
    expect(after.buyerCoins - before.buyerCoins).toBe(3n * ONE_COIN);
    expect(before.buyerUsdc - after.buyerUsdc).toBe(cost);
    expect(
      await chain.client.readContract({
        address: chain.usdc,
        abi: testUsdcAbi,
        functionName: 'allowance',
        args: [buyer.account.address, d.drop],
      }),
    ).toBe(0n);

    // The same signature again grants nothing: the second purchase has no allowance to spend.
    const replay = buyer.writeContract({
      address: d.drop,
      abi: coinDropAbi,
      functionName: 'buyWithPermit',
      args: [3n, deadline, v, r, s],
    });
    expect(await revertOf(replay)).toBe('ERC20InsufficientAllowance');
    expect(await snapshot(d, buyer.account.address)).toEqual(after);
  });

  test('more coins than are left reverts and moves nothing; the last coins can be bought', async () => {
    const d = await deployCampaign(chain);
    const fan = chain.fan;
    await approve(fan, d.drop, 100_001n * 10_000n);
    await ok(chain, buy(fan, d.drop, 99_990n));
    const before = await snapshot(d, fan.account.address);
    expect(await revertOf(buy(fan, d.drop, 11n))).toBe('NotEnoughCoinsLeft');
    expect(await revertOf(buy(fan, d.drop, 0n))).toBe('ZeroCoins');
    expect(await snapshot(d, fan.account.address)).toEqual(before);

    await ok(chain, buy(fan, d.drop, 10n));
    expect(await coinBalance(chain, d.coin, d.drop)).toBe(0n);
    expect(await revertOf(buy(fan, d.drop, 1n))).toBe('NotEnoughCoinsLeft');
  });

  test('too little USDC, or too small an approval or permit, reverts and moves nothing', async () => {
    const d = await deployCampaign(chain, campaign(chain, { price: 10_000 }));
    const poor = chain.stranger;
    await faucet(chain, poor.account.address, 2_500_000n); // $2.50: two coins at $1.00, not three
    await approve(poor, d.drop, 3_000_000n);
    const before = await snapshot(d, poor.account.address);
    expect(await revertOf(buy(poor, d.drop, 3n))).toBe('ERC20InsufficientBalance');
    expect(await snapshot(d, poor.account.address)).toEqual(before);

    await approve(poor, d.drop, 1_000_000n);
    expect(await revertOf(buy(poor, d.drop, 2n))).toBe('ERC20InsufficientAllowance');
    expect(await snapshot(d, poor.account.address)).toEqual(before);

    await approve(poor, d.drop, 0n);
    const deadline = (await latestTimestamp(chain)) + 3600n;
    const { v, r, s } = await signPermit(chain, poor, { address: chain.usdc, ...USDC }, d.drop, 1_000_000n, deadline);
    const permitted = poor.writeContract({
      address: d.drop,
      abi: coinDropAbi,
      functionName: 'buyWithPermit',
      args: [2n, deadline, v, r, s],
    });
    expect(await revertOf(permitted)).toBe('ERC20InsufficientAllowance');
    expect(await snapshot(d, poor.account.address)).toEqual(before);
  });
});

describe('proceeds', () => {
  test('are split to the USDC unit and each recipient withdraws exactly theirs, once', async () => {
    // Fee 7 %, members 461 / 300 / 232. One coin at $0.01 (10,000 units): fee 700, rest 9,300;
    // 9,300 × 300 / 993 = 2,809.6 → 2,809; 9,300 × 232 / 993 = 2,172.8 → 2,172; the originator 4,319.
    const d = await deployCampaign(chain);
    const [originator, contributorA, contributorB] = d.params.members.map((m) => m.address);
    const treasury = chain.treasury.account.address;
    await approve(chain.fan, d.drop, 10n ** 12n);
    await ok(chain, buy(chain.fan, d.drop, 1n));
    const credited = async () =>
      Promise.all([treasury, originator, contributorA, contributorB].map((a) => withdrawable(chain, d.drop, a)));
    expect(await credited()).toEqual([700n, 4_319n, 2_809n, 2_172n]);

    // Each purchase is split on its own: 4 more coins (40,000) add fee 2,800 and 37,200 → 11,238 / 8,691 / 17,271.
    await ok(chain, buy(chain.fan, d.drop, 4n));
    expect(await credited()).toEqual([3_500n, 21_590n, 14_047n, 10_863n]);
    const second = splitProceeds(40_000n, 7, [461n, 300n, 232n]);
    expect(second).toEqual({ fee: 2_800n, members: [17_271n, 11_238n, 8_691n] });
    expect(await usdcBalance(chain, d.drop)).toBe(50_000n);

    // Anyone may trigger a withdrawal; the USDC go to the payee only, and only once.
    const paid: bigint[] = [];
    for (const payee of [treasury, originator, contributorA, contributorB]) {
      const before = await usdcBalance(chain, payee);
      await ok(
        chain,
        chain.stranger.writeContract({ address: d.drop, abi: coinDropAbi, functionName: 'withdraw', args: [payee] }),
      );
      paid.push((await usdcBalance(chain, payee)) - before);
      const again = chain.stranger.writeContract({
        address: d.drop,
        abi: coinDropAbi,
        functionName: 'withdraw',
        args: [payee],
      });
      expect(await revertOf(again)).toBe('NothingToWithdraw');
    }
    expect(paid).toEqual([3_500n, 21_590n, 14_047n, 10_863n]);
    expect(await usdcBalance(chain, d.drop)).toBe(0n);
    expect(await credited()).toEqual([0n, 0n, 0n, 0n]);
    const stranger = chain.stranger.writeContract({
      address: d.drop,
      abi: coinDropAbi,
      functionName: 'withdraw',
      args: [chain.stranger.account.address],
    });
    expect(await revertOf(stranger)).toBe('NothingToWithdraw');

    // A later sale accrues again and is withdrawn again.
    await ok(chain, buy(chain.fan, d.drop, 1n));
    const before = await usdcBalance(chain, contributorB);
    await ok(
      chain,
      chain.contributorB.writeContract({
        address: d.drop,
        abi: coinDropAbi,
        functionName: 'withdraw',
        args: [contributorB],
      }),
    );
    expect((await usdcBalance(chain, contributorB)) - before).toBe(2_172n);
    const supply = await chain.client.readContract({
      address: d.coin,
      abi: creatorCoinAbi,
      functionName: 'totalSupply',
    });
    expect(supply).toBe(200_000n * ONE_COIN);
  });
});
