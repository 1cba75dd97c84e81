import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { chainClients } from '../../chain/client';
import { type DropSale, dropSale } from '../../chain/drop-sale';
import { campaigns, coinDeployments, videos } from '../../db/schema';
import { isPublicCampaign } from '../../domain/campaigns/public-state';
import { explorerAddressUrl } from '../../domain/coins/state';
import type { Deps } from '../../platform/deps';

export interface FilmCoin {
  campaignTitle: string;
  chain: { id: number; name: string };
  name: string;
  symbol: string;
  /** Ten-thousandths of a dollar a coin. */
  price: number;
  /** The four contracts, each with its block explorer page on a public chain (null on the local chain). */
  contracts: {
    key: 'coin' | 'drop' | 'teamVesting' | 'reserveVesting';
    label: string;
    address: string;
    url: string | null;
  }[];
  /** The agreed split the coin pays by, pinned when it was deployed. */
  agreementVersion: number;
  members: { username: string; sharePermille: number }[];
  feePercent: number;
  deployedAt: Date | null;
  /** The fans' sale as the chain has it now, or why it could not be read. */
  sale: DropSale;
}

/**
 * The deployed creator coin of a film's campaign on the configured chain, for its public coins page:
 * only a public campaign's (isPublicCampaign) of a film in the catalogue; null otherwise or when
 * coins are off. The coin pays by the split pinned at deployment, whatever the team agrees later.
 */
export async function filmCoin(deps: Deps, actor: Actor, movieId: string): Promise<FilmCoin | null> {
  authorize(actor, 'coin.read');
  const { coins } = deps.coinChain;
  if (!coins) return null;
  const row = await deps.db
    .select({ campaign: campaigns, deployment: coinDeployments, reviewStatus: videos.reviewStatus })
    .from(campaigns)
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .innerJoin(
      coinDeployments,
      and(eq(coinDeployments.campaignId, campaigns.id), eq(coinDeployments.chainId, coins.chain.id)),
    )
    .where(and(eq(campaigns.movieId, movieId), eq(coinDeployments.status, 'deployed')))
    .get();
  if (row?.reviewStatus !== 'approved' || !isPublicCampaign(row.campaign)) return null;
  const d = row.deployment;
  const chainId = coins.chain.id;
  const contract = (key: FilmCoin['contracts'][number]['key'], label: string, address: string | null) => ({
    key,
    label,
    address: address ?? '',
    url: address ? explorerAddressUrl(chainId, address) : null,
  });
  return {
    campaignTitle: row.campaign.title,
    chain: { id: chainId, name: coins.chain.name },
    name: d.name,
    symbol: d.symbol,
    price: d.price,
    contracts: [
      contract('coin', 'Coin', d.coinAddress),
      contract('drop', 'Sale', d.dropAddress),
      contract('teamVesting', 'Team vesting', d.teamVestingAddress),
      contract('reserveVesting', 'Reserve vesting', d.reserveVestingAddress),
    ],
    agreementVersion: d.agreementVersion,
    members: d.members.map((m) => ({ username: m.username, sharePermille: m.sharePermille })),
    feePercent: d.feePercent,
    deployedAt: d.deployedAt,
    sale: d.dropAddress
      ? await dropSale(chainClients(coins), d.dropAddress as `0x${string}`)
      : { error: 'No sale contract recorded.' },
  };
}
