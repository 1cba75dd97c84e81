import type { Address } from 'viem';
import { type ChainClients, chainErrorMessage } from './client';

/** The part of CoinDrop's ABI the coins page reads (the worker does not load functions/chain/generated). */
export const coinDropSaleAbi = [
  { inputs: [], name: 'coinsSold', outputs: [{ type: 'uint256' }], stateMutability: 'view', type: 'function' },
  { inputs: [], name: 'coinsLeft', outputs: [{ type: 'uint256' }], stateMutability: 'view', type: 'function' },
] as const;

/** How long a page waits for the chain before it shows itself without the sale's figures. */
export const SALE_READ_DEADLINE_MS = 4_000;

export type DropSale = { sold: number; left: number } | { error: string };

/** Whole coins sold and still for sale by a coin's sale contract, read now from the chain (one batch). */
export async function dropSale({ client }: Pick<ChainClients, 'client'>, drop: Address): Promise<DropSale> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<DropSale>((resolve) => {
    timer = setTimeout(() => resolve({ error: 'The chain did not answer in time.' }), SALE_READ_DEADLINE_MS);
  });
  const read = Promise.all([
    client.readContract({ address: drop, abi: coinDropSaleAbi, functionName: 'coinsSold' }),
    client.readContract({ address: drop, abi: coinDropSaleAbi, functionName: 'coinsLeft' }),
  ]).then(
    ([sold, left]): DropSale => ({ sold: Number(sold), left: Number(left) }),
    (err: unknown): DropSale => ({ error: chainErrorMessage(err) }),
  );
  try {
    return await Promise.race([read, late]);
  } finally {
    clearTimeout(timer);
  }
}
