import type { Address } from 'viem';
import type { ChainClients } from './client';
import { readInTime } from './read-in-time';

/** The part of CoinDrop's ABI the coins page reads (the worker does not load functions/chain/generated). */
export const coinDropSaleAbi = [
  { inputs: [], name: 'coinsSold', outputs: [{ type: 'uint256' }], stateMutability: 'view', type: 'function' },
  { inputs: [], name: 'coinsLeft', outputs: [{ type: 'uint256' }], stateMutability: 'view', type: 'function' },
] as const;

export type DropSale = { sold: number; left: number } | { error: string };

/** Whole coins sold and still for sale by a coin's sale contract, read now from the chain (one batch, in time for a page). */
export async function dropSale({ client }: Pick<ChainClients, 'client'>, drop: Address): Promise<DropSale> {
  const read = await readInTime(
    Promise.all([
      client.readContract({ address: drop, abi: coinDropSaleAbi, functionName: 'coinsSold' }),
      client.readContract({ address: drop, abi: coinDropSaleAbi, functionName: 'coinsLeft' }),
    ]),
  );
  return 'error' in read ? read : { sold: Number(read.value[0]), left: Number(read.value[1]) };
}
