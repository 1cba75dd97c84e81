import {
  type Account,
  type Chain,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  type TransactionReceipt,
  TransactionReceiptNotFoundError,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { COIN_TEXT } from '../domain/coins/texts';
import { fillText } from '../domain/fill-text';
import type { CoinsConfig } from './config';

/** How the server talks to a chain over JSON-RPC (docs/coins.md, "Talking to the chain"). */
export const RPC = {
  /** A request that has not answered after this long fails. */
  timeoutMs: 60_000,
  /** Requests made together go out as one JSON-RPC batch of at most this many… */
  batchSize: 100,
  /** …without waiting for more. */
  batchWaitMs: 0,
  /** Block polling: the chain's block time divided by this ratio, kept between the two bounds. */
  overPollRatio: 2,
  minPollMs: 500,
  maxPollMs: 5_000,
  /** A chain without a stated block time (the local node) is polled as if it made a block a second. */
  defaultBlockTimeMs: 1_000,
  /** A transaction's receipt is waited for at most this many blocks. */
  receiptWaitBlocks: 100,
} as const;

/** clamp(block time ÷ 2, 500 ms, 5 s). */
export const pollingIntervalOf = (chain: Pick<Chain, 'blockTime'>) =>
  Math.min(
    RPC.maxPollMs,
    Math.max(RPC.minPollMs, Math.floor((chain.blockTime ?? RPC.defaultBlockTimeMs) / RPC.overPollRatio)),
  );

/** A chain call that failed in a way the product words itself (the texts of COIN_TEXT). */
export class ChainError extends Error {
  override name = 'ChainError';
}

/** The RPC endpoint answered with an HTTP error. */
export const rpcFailed = (status: number, text: string, body: string) =>
  new ChainError(fillText(COIN_TEXT.rpcFailed, { status: String(status), text, body }));

/** fetch for viem's transport: an HTTP error becomes a ChainError with the status, its text and the body. */
const rpcFetch: typeof fetch = async (input, init) => {
  const res = await fetch(input, init);
  if (!res.ok) throw rpcFailed(res.status, res.statusText, await res.text());
  return res;
};

/** viem's HTTP transport with the product's batching, time-out and error wording. */
export const chainTransport = (rpcUrl: string) =>
  http(rpcUrl, {
    batch: { batchSize: RPC.batchSize, wait: RPC.batchWaitMs },
    timeout: RPC.timeoutMs,
    fetchFn: rpcFetch,
  });

export type ChainWallet = WalletClient<Transport, Chain, Account>;

export interface ChainClients {
  client: PublicClient;
  wallet: ChainWallet;
}

/** A read client and the deployer's wallet for the configured chain. */
export function chainClients(coins: Pick<CoinsConfig, 'chain' | 'rpcUrl' | 'deployerKey'>): ChainClients {
  const transport = chainTransport(coins.rpcUrl);
  const pollingInterval = pollingIntervalOf(coins.chain);
  return {
    client: createPublicClient({ chain: coins.chain, transport, pollingInterval }) as PublicClient,
    wallet: createWalletClient({
      account: privateKeyToAccount(coins.deployerKey),
      chain: coins.chain,
      transport,
      pollingInterval,
    }),
  };
}

/** The receipt of a mined transaction, read once: 'Transaction receipt not found.' when there is none yet. */
export async function receiptOf(client: PublicClient, hash: Hex): Promise<TransactionReceipt> {
  try {
    return await client.getTransactionReceipt({ hash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) throw new ChainError(COIN_TEXT.receiptNotFound);
    throw err;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits for a transaction's receipt, polling at the client's interval, for at most `maxBlocks` blocks
 * after the one current when it started.
 */
export async function waitForReceipt(
  client: PublicClient,
  hash: Hex,
  maxBlocks: number = RPC.receiptWaitBlocks,
): Promise<TransactionReceipt> {
  const start = await client.getBlockNumber({ cacheTime: 0 });
  for (;;) {
    try {
      return await receiptOf(client, hash);
    } catch (err) {
      if (!(err instanceof ChainError && err.message === COIN_TEXT.receiptNotFound)) throw err;
    }
    const now = await client.getBlockNumber({ cacheTime: 0 });
    if (now - start >= BigInt(maxBlocks))
      throw new ChainError(fillText(COIN_TEXT.receiptNotFoundAfter, { hash, n: String(maxBlocks) }));
    await sleep(client.pollingInterval);
  }
}

/** The words of a chain failure for people: ours where we word it, viem's short message otherwise. */
export function chainErrorMessage(err: unknown): string {
  for (let e: unknown = err; e instanceof Error; e = e.cause) if (e instanceof ChainError) return e.message;
  if (err instanceof Error) return (err as { shortMessage?: string }).shortMessage ?? err.message;
  return String(err);
}
