import type { Address } from 'viem';
import type { ChainClients } from './client';
import { coinDropProceedsAbi, memberVestingCollectAbi } from './collect-abi';
import { readInTime } from './read-in-time';

const balanceOfAbi = [
  {
    inputs: [{ type: 'address' }],
    name: 'balanceOf',
    outputs: [{ type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
] as const;

/** One vesting contract as one member sees it, at the chain's latest block (coin units, 18 decimals). */
export interface MemberVestingRead {
  contract: Address;
  allocation: bigint;
  /** Vested at the latest block's time, released or not. */
  vested: bigint;
  released: bigint;
  /** What `release(member)` would send now: vested and not released. */
  releasable: bigint;
  /** Not vested yet: allocation − vested. */
  locked: bigint;
  cliffEnd: Date;
  end: Date;
}

export interface MemberCoinRead {
  /** Whole coins the sale has sold. */
  sold: number;
  /** USDC units credited to the payee and not yet withdrawn. */
  proceeds: bigint;
  team: MemberVestingRead;
  reserve: MemberVestingRead;
  /** The latest block's time: the chain's now, which the figures are read at. */
  chainTime: Date;
}

const at = (seconds: bigint) => new Date(Number(seconds) * 1000);

async function readVesting(
  { client }: Pick<ChainClients, 'client'>,
  contract: Address,
  member: Address,
  now: bigint,
): Promise<MemberVestingRead> {
  const read = { address: contract, abi: memberVestingCollectAbi } as const;
  const [cliffEnd, duration, allocation, released, vested] = await Promise.all([
    client.readContract({ ...read, functionName: 'cliffEnd' }),
    client.readContract({ ...read, functionName: 'duration' }),
    client.readContract({ ...read, functionName: 'allocation', args: [member] }),
    client.readContract({ ...read, functionName: 'released', args: [member] }),
    client.readContract({ ...read, functionName: 'vestedAmount', args: [member, now] }),
  ]);
  return {
    contract,
    allocation,
    vested,
    released,
    releasable: vested - released,
    locked: allocation - vested,
    cliffEnd: at(cliffEnd),
    end: at(cliffEnd + duration),
  };
}

/**
 * One member's side of a deployed coin, read now (in time for a page): the proceeds credited to their
 * pinned payee on the sale, and per vesting contract what has vested, is releasable and still locked at
 * the latest block's time (the time `release` is judged by). docs/coins.md, "Collecting".
 */
export async function memberCoinRead(
  clients: Pick<ChainClients, 'client'>,
  contracts: { drop: Address; teamVesting: Address; reserveVesting: Address },
  payee: Address,
) {
  const { client } = clients;
  return readInTime(
    (async (): Promise<MemberCoinRead> => {
      const block = await client.getBlock({ blockTag: 'latest' });
      const now = block.timestamp;
      const [sold, proceeds, team, reserve] = await Promise.all([
        client.readContract({ address: contracts.drop, abi: coinDropProceedsAbi, functionName: 'coinsSold' }),
        client.readContract({
          address: contracts.drop,
          abi: coinDropProceedsAbi,
          functionName: 'withdrawable',
          args: [payee],
        }),
        readVesting(clients, contracts.teamVesting, payee, now),
        readVesting(clients, contracts.reserveVesting, payee, now),
      ]);
      return { sold: Number(sold), proceeds, team, reserve, chainTime: at(now) };
    })(),
  );
}

/** A sale's money as the chain has it: what it raised, paid out and still holds, and the platform's part. */
export interface SaleBooks {
  /** USDC units paid for coins, ever (`totalProceeds`). */
  raised: bigint;
  /** Σ of the sale's `Withdrawn` events. */
  withdrawn: bigint;
  /** The sale's USDC balance now. */
  held: bigint;
  /** The treasury's credit ever: its withdrawals plus what it may still withdraw. */
  platform: bigint;
  /** balanceOf(sale) + Σ Withdrawn = totalProceeds. */
  holds: boolean;
}

/**
 * Reconciles a sale (docs/coins.md, "The admins' Creator Coins tab"): its USDC balance plus every
 * withdrawal it ever paid must equal what it raised. The withdrawals are its `Withdrawn` logs from
 * the deployment's block on.
 */
export async function saleBooks(
  { client }: Pick<ChainClients, 'client'>,
  drop: Address,
  usdc: Address,
  fromBlock: bigint,
): Promise<SaleBooks> {
  const [raised, held, treasury, logs] = await Promise.all([
    client.readContract({ address: drop, abi: coinDropProceedsAbi, functionName: 'totalProceeds' }),
    client.readContract({ address: usdc, abi: balanceOfAbi, functionName: 'balanceOf', args: [drop] }),
    client.readContract({ address: drop, abi: coinDropProceedsAbi, functionName: 'treasury' }),
    client.getContractEvents({ address: drop, abi: coinDropProceedsAbi, eventName: 'Withdrawn', fromBlock }),
  ]);
  const credit = await client.readContract({
    address: drop,
    abi: coinDropProceedsAbi,
    functionName: 'withdrawable',
    args: [treasury],
  });
  let withdrawn = 0n;
  let platform = credit;
  for (const log of logs) {
    const amount = log.args.amount ?? 0n;
    withdrawn += amount;
    if (log.args.payee?.toLowerCase() === treasury.toLowerCase()) platform += amount;
  }
  return { raised, withdrawn, held, platform, holds: held + withdrawn === raised };
}
