import { and, eq, isNotNull } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaigns, coinDeployments, walletLinks } from '../../db/schema';
import { wholeCoins } from '../../domain/coins/usdc';
import type { Deps } from '../../platform/deps';
import { indexedBalances } from './lib/index-reads';

export interface HeldCoin {
  symbol: string;
  name: string;
  movieId: string;
  /** Whole coins the wallet holds. */
  coins: number;
  /** Ten-thousandths of a dollar a coin at the sale. */
  price: number;
}

/** Per linked wallet on the coins' chain: the creator coins it holds. */
export type WalletHoldings = Map<number, { address: string; held: HeldCoin[] }>;

/**
 * The creator coins each of the viewer's linked wallets holds, as indexed (every coin deployed on the
 * coins' chain; the balance its indexed transfers add up to). Only the coins' chain has coins; a
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
        campaignId: coinDeployments.campaignId,
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
  // From the index, never from the chain as the page is made (docs/coins.md, "Holdings").
  const balances = await indexedBalances(deps.db, chainId, link.address);
  const held = deployed
    .map((d) => ({
      symbol: d.symbol,
      name: d.name,
      movieId: d.movieId,
      price: d.price,
      coins: Number(wholeCoins(balances.get(d.campaignId) ?? 0n)),
    }))
    .filter((h) => h.coins > 0);
  out.set(chainId, { address: link.address, held });
  return out;
}
