import type { Address } from 'viem';
import { beforeAll, describe, expect, test } from 'vitest';
import {
  COIN_SUPPLY,
  creatorCoinAbi,
  MONTH,
  memberVestingAbi,
  ONE_COIN,
  RESERVE_SCHEDULE,
  TEAM_SCHEDULE,
} from '../../functions/chain';
import { allocation, type Chain, coinBalance, deployCampaign, ok, revertOf, startChain } from './support';

let chain: Chain;
beforeAll(async () => {
  chain = await startChain();
});

const read = async (vesting: Address, fn: 'start' | 'cliffEnd' | 'duration') =>
  chain.client.readContract({ address: vesting, abi: memberVestingAbi, functionName: fn });

const release = (vesting: Address, member: Address, sender = chain.stranger) =>
  sender.writeContract({ address: vesting, abi: memberVestingAbi, functionName: 'release', args: [member] });

/** Moves the chain's clock to `timestamp` (the next block is mined then). */
async function travelTo(timestamp: bigint) {
  const now = (await chain.client.getBlock()).timestamp;
  await chain.test.increaseTime({ seconds: Number(timestamp - now) });
  await chain.test.mine({ blocks: 1 });
}

describe.each([
  { name: 'team', schedule: TEAM_SCHEDULE, key: 'teamVesting' as const, supply: COIN_SUPPLY.team },
  { name: 'reserve', schedule: RESERVE_SCHEDULE, key: 'reserveVesting' as const, supply: COIN_SUPPLY.reserve },
])('$name vesting', ({ schedule, key, supply }) => {
  test('releases nothing before the cliff, then the linear amount, then everything; only to each member', async () => {
    const d = await deployCampaign(chain);
    const vesting = d[key];
    const members = d.params.members.map((m) => m.address);
    const [originator, contributorA] = members;
    const start = await read(vesting, 'start');
    expect(await read(vesting, 'cliffEnd')).toBe(start + schedule.cliff);
    expect(await read(vesting, 'duration')).toBe(schedule.vesting);

    // A day before the cliff ends: nothing.
    await travelTo(start + schedule.cliff - 86_400n);
    for (const m of members) {
      expect(
        await chain.client.readContract({
          address: vesting,
          abi: memberVestingAbi,
          functionName: 'releasable',
          args: [m],
        }),
      ).toBe(0n);
      expect(await revertOf(release(vesting, m))).toBe('NothingToRelease');
    }

    // Five months past the cliff: allocation × elapsed / duration, at the second the release is mined.
    await travelTo(start + schedule.cliff + 5n * MONTH);
    const allocA = await allocation(chain, vesting, contributorA);
    const receipt = await ok(chain, release(vesting, contributorA));
    const { timestamp } = await chain.client.getBlock({ blockHash: receipt.blockHash });
    const expected = (allocA * (timestamp - start - schedule.cliff)) / schedule.vesting;
    expect(expected).toBeGreaterThan(0n);
    expect(expected).toBeLessThan(allocA);
    expect(await coinBalance(chain, d.coin, contributorA)).toBe(expected);
    expect(await coinBalance(chain, d.coin, chain.stranger.account.address)).toBe(0n);

    // After the end: every member gets exactly their allocation, whoever asks, and nothing more.
    await travelTo(start + schedule.cliff + schedule.vesting + 1n);
    for (const m of members) await ok(chain, release(vesting, m, m === originator ? chain.originator : chain.stranger));
    for (const m of members) {
      expect(await coinBalance(chain, d.coin, m)).toBe(await allocation(chain, vesting, m));
      expect(await revertOf(release(vesting, m))).toBe('NothingToRelease');
    }
    expect(await coinBalance(chain, d.coin, vesting)).toBe(0n);
    const released = await Promise.all(members.map((m) => coinBalance(chain, d.coin, m)));
    expect(released.reduce((a, b) => a + b, 0n)).toBe(supply * ONE_COIN);
    expect(await chain.client.readContract({ address: d.coin, abi: creatorCoinAbi, functionName: 'totalSupply' })).toBe(
      COIN_SUPPLY.total * ONE_COIN,
    );
  });
});
