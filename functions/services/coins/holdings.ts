import { and, eq, isNotNull } from 'drizzle-orm';
import type { Address } from 'viem';
import { type Actor, authorize } from '../../auth/authorize';
import { chainClients } from '../../chain/client';
import { readInTime } from '../../chain/read-in-time';
import { campaigns, coinDeployments, walletLinks } from '../../db/schema';
import { wholeCoins } from '../../domain/coins/usdc';
import type { Deps } from '../../platform/deps';

const balanceOfAbi = [
  {
    inputs: [{ type: 'address' }],
    name: 'balanceOf',
    outputs: [{ type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
] as const;

export interface HeldCoin {
  symbol: string;
  name: string;
  movieId: string;
  /** Whole coins the wallet holds. */
  coins: number;
  /** Ten-thousandths of a dollar a coin at the sale. */
  price: number;
}

/** Per linked wallet on the coins' chain: the creator coins it holds, or why the chain could not say. */
export type WalletHoldings = Map<number, { address: string; held: HeldCoin[] } | { address: string; error: string }>;

/**
 * The creator coins each of the viewer's linked wallets holds, read from the chain now (every coin
 * deployed on the coins' chain, one batch, in time for a page). Only the coins' chain has coins; a
 * wallet linked elsewhere has none. Empty when coins are off.
 */
export async function walletHoldings(deps: Deps, actor: Actor): Promise<WalletHoldings> {
  const viewer = authorize(actor, 'wallet.own');
  const out: WalletHoldings = new Map();
  const coins = deps.coinChain.coins;
  if (!coins) return out;
  const chainId = coins.chain.id;
  const [link, deployed] = await Promise.all([
    deps.db
      .select({ address: walletLinks.address })
      .from(walletLinks)
      .where(and(eq(walletLinks.userId, viewer.userId), eq(walletLinks.chainId, chainId)))
      .get(),
    deps.db
      .select({
        symbol: coinDeployments.symbol,
        name: coinDeployments.name,
        price: coinDeployments.price,
        coin: coinDeployments.coinAddress,
        movieId: campaigns.movieId,
      })
      .from(coinDeployments)
      .innerJoin(campaigns, eq(campaigns.id, coinDeployments.campaignId))
      .where(
        and(
          eq(coinDeployments.chainId, chainId),
          eq(coinDeployments.status, 'deployed'),
          isNotNull(coinDeployments.coinAddress),
        ),
      ),
  ]);
  if (!link) return out;
  const { client } = chainClients(coins);
  const read = await readInTime(
    Promise.all(
      deployed.map((d) =>
        client.readContract({
          address: d.coin as Address,
          abi: balanceOfAbi,
          functionName: 'balanceOf',
          args: [link.address as Address],
        }),
      ),
    ),
  );
  if ('error' in read) {
    out.set(chainId, { address: link.address, error: read.error });
    return out;
  }
  const held = deployed
    .map((d, i) => ({
      symbol: d.symbol,
      name: d.name,
      movieId: d.movieId,
      price: d.price,
      coins: Number(wholeCoins(read.value[i] ?? 0n)),
    }))
    .filter((h) => h.coins > 0);
  out.set(chainId, { address: link.address, held });
  return out;
}
