import { pad, toHex } from 'viem';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  campaignKey,
  coinDropAbi,
  coinFactoryAbi,
  coinParams,
  creatorCoinAbi,
  deploymentFromReceipt,
  memberVestingAbi,
  ONE_COIN,
  testUsdcAbi,
} from '../../functions/chain';
import {
  type Chain,
  campaign,
  coinBalance,
  deployCampaign,
  faucet,
  ok,
  revertOf,
  startChain,
  withdrawable,
} from './support';

let chain: Chain;
beforeAll(async () => {
  chain = await startChain();
});

const deployedOf = async (campaignId: string) => {
  const [coin, drop, teamVesting, reserveVesting] = await chain.client.readContract({
    address: chain.factory,
    abi: coinFactoryAbi,
    functionName: 'deployed',
    args: [campaignKey(campaignId)],
  });
  return { coin, drop, teamVesting, reserveVesting };
};

describe('a deployment', () => {
  test('holds the 200,000 coins split exactly: fans, team and reserve by share, marketing to the treasury', async () => {
    const d = await deployCampaign(chain);
    const [originator, contributorA, contributorB] = d.params.members.map((m) => m.address);
    const coins = (n: bigint) => n * ONE_COIN;

    expect(await coinBalance(chain, d.coin, d.drop)).toBe(coins(100_000n));
    expect(await coinBalance(chain, d.coin, d.teamVesting)).toBe(coins(40_000n));
    expect(await coinBalance(chain, d.coin, d.reserveVesting)).toBe(coins(30_000n));
    expect(await coinBalance(chain, d.coin, chain.treasury.account.address)).toBe(coins(30_000n));
    const supply = await chain.client.readContract({
      address: d.coin,
      abi: creatorCoinAbi,
      functionName: 'totalSupply',
    });
    expect(supply).toBe(coins(200_000n));

    // Shares 461 / 300 / 232 (of 993): contributors get whole coins rounded down, the originator the rest.
    const alloc = (vesting: `0x${string}`, member: `0x${string}`) =>
      chain.client.readContract({
        address: vesting,
        abi: memberVestingAbi,
        functionName: 'allocation',
        args: [member],
      });
    expect(await alloc(d.teamVesting, contributorA)).toBe(coins(12_084n));
    expect(await alloc(d.teamVesting, contributorB)).toBe(coins(9_345n));
    expect(await alloc(d.teamVesting, originator)).toBe(coins(18_571n));
    expect(await alloc(d.reserveVesting, contributorA)).toBe(coins(9_063n));
    expect(await alloc(d.reserveVesting, contributorB)).toBe(coins(7_009n));
    expect(await alloc(d.reserveVesting, originator)).toBe(coins(13_928n));
    expect(await alloc(d.teamVesting, chain.stranger.account.address)).toBe(0n);

    const read = (fn: 'name' | 'symbol' | 'decimals') =>
      chain.client.readContract({ address: d.coin, abi: creatorCoinAbi, functionName: fn });
    expect([await read('name'), await read('symbol'), await read('decimals')]).toEqual(['Tidewater Coin', 'TIDE', 18]);
    const [members, shares] = await chain.client.readContract({
      address: d.drop,
      abi: coinDropAbi,
      functionName: 'members',
    });
    expect(members).toEqual([originator, contributorA, contributorB]);
    expect(shares).toEqual([461n, 300n, 232n]);
    // $0.01 a coin is 10,000 USDC units.
    expect(await chain.client.readContract({ address: d.drop, abi: coinDropAbi, functionName: 'pricePerCoin' })).toBe(
      10_000n,
    );
  });

  test('is recorded under the campaign key and announced by one event with the four addresses', async () => {
    const params = campaign(chain);
    const hash = await chain.deployer.writeContract({
      address: chain.factory,
      abi: coinFactoryAbi,
      functionName: 'deploy',
      args: [coinParams(params)],
    });
    const receipt = await chain.client.waitForTransactionReceipt({ hash });
    const fromEvent = deploymentFromReceipt(receipt);
    expect(fromEvent).not.toBeNull();
    expect(await deployedOf(params.campaignId)).toEqual(fromEvent);
    expect(
      await chain.client.readContract({
        address: chain.factory,
        abi: coinFactoryAbi,
        functionName: 'campaignKey',
        args: [params.campaignId],
      }),
    ).toBe(campaignKey(params.campaignId));
  });

  test('a second deployment for the same campaign reverts whatever its arguments; the first stays', async () => {
    const first = await deployCampaign(chain);
    const before = await deployedOf(first.params.campaignId);
    const again = campaign(chain, {
      campaignId: first.params.campaignId,
      name: 'Another Coin',
      symbol: 'OTHER',
      price: 5000,
      feePercent: 0,
      members: [{ address: chain.stranger.account.address, share: 1000 }],
    });
    await chain.deployer.writeContract({
      address: chain.factory,
      abi: coinFactoryAbi,
      functionName: 'setDeployer',
      args: [chain.otherFan.account.address, true],
    });
    for (const sender of [chain.deployer, chain.otherFan]) {
      const call = sender.writeContract({
        address: chain.factory,
        abi: coinFactoryAbi,
        functionName: 'deploy',
        args: [coinParams(again)],
      });
      expect(await revertOf(call)).toBe('AlreadyDeployed');
    }
    expect(await deployedOf(first.params.campaignId)).toEqual(before);
    expect(before.coin).toBe(first.coin);
    expect(await coinBalance(chain, first.coin, first.drop)).toBe(100_000n * ONE_COIN);
  });

  test('deployments for two campaigns in the same block both succeed', async () => {
    await chain.deployer.writeContract({
      address: chain.factory,
      abi: coinFactoryAbi,
      functionName: 'setDeployer',
      args: [chain.contributorB.account.address, true],
    });
    const a = campaign(chain);
    const b = campaign(chain, { symbol: 'BLOOM', name: 'Static Bloom Coin' });
    await chain.test.setAutomine(false);
    try {
      const hashes = await Promise.all(
        [
          [chain.deployer, a],
          [chain.contributorB, b],
        ].map(([sender, params]) =>
          (sender as Chain['deployer']).writeContract({
            address: chain.factory,
            abi: coinFactoryAbi,
            functionName: 'deploy',
            args: [coinParams(params as typeof a)],
            gas: 5_000_000n,
          }),
        ),
      );
      await chain.test.mine({ blocks: 1 });
      const receipts = await Promise.all(hashes.map((hash) => chain.client.waitForTransactionReceipt({ hash })));
      expect(receipts.map((r) => r.status)).toEqual(['success', 'success']);
      expect(receipts[0].blockNumber).toBe(receipts[1].blockNumber);
      const [da, db] = receipts.map(deploymentFromReceipt);
      expect(await deployedOf(a.campaignId)).toEqual(da);
      expect(await deployedOf(b.campaignId)).toEqual(db);
      expect(da?.coin).not.toBe(db?.coin);
    } finally {
      await chain.test.setAutomine(true);
    }
  });

  test('only a deployer the owner allowed may deploy, and bad arguments revert', async () => {
    const call = (params = campaign(chain), sender = chain.deployer) =>
      sender.writeContract({
        address: chain.factory,
        abi: coinFactoryAbi,
        functionName: 'deploy',
        args: [coinParams(params)],
      });
    expect(await revertOf(call(campaign(chain), chain.stranger))).toBe('NotDeployer');
    expect(await revertOf(call(campaign(chain, { symbol: 'tide' })))).toBe('BadSymbol');
    expect(await revertOf(call(campaign(chain, { symbol: 'TOOLONG' })))).toBe('BadSymbol');
    expect(await revertOf(call(campaign(chain, { price: 99 })))).toBe('BadPrice');
    expect(await revertOf(call(campaign(chain, { name: '' })))).toBe('BadName');
    const setDeployer = chain.stranger.writeContract({
      address: chain.factory,
      abi: coinFactoryAbi,
      functionName: 'setDeployer',
      args: [chain.stranger.account.address, true],
    });
    expect(await revertOf(setDeployer)).toBe('OwnableUnauthorizedAccount');
  });

  test('a team of 20 members deploys and is paid; more, repeated or unshared members revert', async () => {
    const addresses = Array.from({ length: 21 }, (_, i) => pad(toHex(i + 1), { size: 20 }));
    const team = addresses.slice(0, 20).map((address) => ({ address, share: 45 }));
    const d = await deployCampaign(chain, campaign(chain, { members: team, feePercent: 10 }));
    await faucet(chain, chain.fan.account.address, 10_000n);
    await ok(
      chain,
      chain.fan.writeContract({
        address: chain.usdc,
        abi: testUsdcAbi,
        functionName: 'approve',
        args: [d.drop, 10_000n],
      }),
    );
    await ok(chain, chain.fan.writeContract({ address: d.drop, abi: coinDropAbi, functionName: 'buy', args: [1n] }));
    // 9,000 units over 20 equal shares: 450 each.
    const credits = await Promise.all(team.map((m) => withdrawable(chain, d.drop, m.address)));
    expect(credits).toEqual(team.map(() => 450n));

    const call = (members: { address: `0x${string}`; share: number }[]) =>
      chain.deployer.writeContract({
        address: chain.factory,
        abi: coinFactoryAbi,
        functionName: 'deploy',
        args: [coinParams(campaign(chain, { members }))],
      });
    expect(await revertOf(call(addresses.map((address) => ({ address, share: 45 }))))).toBe('TooManyMembers');
    expect(await revertOf(call([team[0], team[1], team[0]]))).toBe('DuplicateMember');
    expect(await revertOf(call([team[0], { address: team[1].address, share: 0 }]))).toBe('BadShare');
    expect(await revertOf(call([]))).toBe('NoMembers');
  });

  test('the factory fits the 24,576-byte contract size limit', async () => {
    const code = await chain.client.getCode({ address: chain.factory });
    const bytes = ((code?.length ?? 0) - 2) / 2;
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(24_576);
  });
});
