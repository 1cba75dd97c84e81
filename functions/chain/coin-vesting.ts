import type { Address } from 'viem';
import type { ChainClients } from './client';
import { readInTime } from './read-in-time';

/** The part of MemberVesting's ABI the coins page reads (the worker does not load functions/chain/generated). */
export const memberVestingReadAbi = [
  { inputs: [], name: 'cliffEnd', outputs: [{ type: 'uint64' }], stateMutability: 'view', type: 'function' },
  { inputs: [], name: 'duration', outputs: [{ type: 'uint64' }], stateMutability: 'view', type: 'function' },
  { inputs: [], name: 'members', outputs: [{ type: 'address[]' }], stateMutability: 'view', type: 'function' },
  {
    inputs: [{ type: 'address' }],
    name: 'allocation',
    outputs: [{ type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ type: 'address' }, { type: 'uint64' }],
    name: 'vestedAmount',
    outputs: [{ type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
] as const;

const ONE_COIN = 10n ** 18n;

/**
 * The team's and the reserve's coins still locked at `now` (whole coins: allocated minus vested), and
 * when the next of them starts to unlock: the earliest cliff still ahead, or null once both cliffs
 * have passed (coins then unlock every second until `fullyVestedAt`). docs/coins.md, "Vesting".
 */
export type CoinVesting = { locked: number; nextUnlockAt: Date | null; fullyVestedAt: Date } | { error: string };

async function readOne({ client }: Pick<ChainClients, 'client'>, address: Address, now: bigint) {
  const read = <F extends 'cliffEnd' | 'duration' | 'members'>(functionName: F) =>
    client.readContract({ address, abi: memberVestingReadAbi, functionName });
  const [cliffEnd, duration, members] = await Promise.all([read('cliffEnd'), read('duration'), read('members')]);
  const amounts = await Promise.all(
    members.flatMap((m) => [
      client.readContract({ address, abi: memberVestingReadAbi, functionName: 'allocation', args: [m] }),
      client.readContract({ address, abi: memberVestingReadAbi, functionName: 'vestedAmount', args: [m, now] }),
    ]),
  );
  let locked = 0n;
  for (let i = 0; i < amounts.length; i += 2) locked += (amounts[i] ?? 0n) - (amounts[i + 1] ?? 0n);
  return { locked, cliffEnd, end: cliffEnd + duration };
}

/** Reads both vesting contracts now, in time for a page (readInTime). */
export async function coinVesting(
  clients: Pick<ChainClients, 'client'>,
  contracts: readonly Address[],
  now: Date,
): Promise<CoinVesting> {
  const t = BigInt(Math.floor(now.getTime() / 1000));
  const read = await readInTime(Promise.all(contracts.map((a) => readOne(clients, a, t))));
  if ('error' in read) return read;
  const locked = read.value.reduce((sum, v) => sum + v.locked, 0n);
  const ahead = read.value.map((v) => v.cliffEnd).filter((c) => c > t);
  const next = ahead.length ? ahead.reduce((a, b) => (a < b ? a : b)) : null;
  const end = read.value.reduce((a, v) => (v.end > a ? v.end : a), 0n);
  return {
    locked: Number(locked / ONE_COIN),
    nextUnlockAt: next === null ? null : new Date(Number(next) * 1000),
    fullyVestedAt: new Date(Number(end) * 1000),
  };
}
