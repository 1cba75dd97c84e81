import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { CoinVesting } from '../../chain/coin-vesting';
import type { DropSale } from '../../chain/drop-sale';
import { campaigns, coinDeployments, videos } from '../../db/schema';
import { isPublicCampaign } from '../../domain/campaigns/public-state';
import { explorerAddressUrl } from '../../domain/coins/state';
import type { Deps } from '../../platform/deps';
import { loadCampaignAccess } from '../campaigns';
import { indexedHolders, indexedSale, indexedVesting, topTenShare } from './lib/index-reads';

export interface FilmCoin {
  campaignId: string;
  campaignTitle: string;
  /** false: the campaign is not public yet (approved, not launched); only its team and admins see the coin here. */
  campaignPublic: boolean;
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
  /** The chain's USDC, which the sale takes. */
  usdc: string;
  /** The team's and reserve's coins still locked and the next unlock (null: not asked for, `vesting: false`). */
  vesting: CoinVesting | null;
  /** Percent of the holders' coins held by the ten largest holders (null while nobody holds any, or not asked for). */
  topTenShare: number | null;
  /** The viewer may open the coin's analytics (owner, approved team, admins): the page links them. */
  mayAnalyse: boolean;
}

/**
 * The deployed creator coin of a film's campaign on the configured chain, for its public coins page:
 * a public campaign's (isPublicCampaign) of a film in the catalogue for anyone; a campaign not public
 * yet (or a film not in the catalogue) only for its team and admins; null otherwise or when coins are
 * off. The coin pays by the split pinned at deployment, whatever the team agrees later.
 */
export async function filmCoin(
  deps: Deps,
  actor: Actor,
  movieId: string,
  read: { vesting: boolean } = { vesting: true },
): Promise<FilmCoin | null> {
  const viewer = authorize(actor, 'coin.read');
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
  if (!row) return null;
  const campaignPublic = row.reviewStatus === 'approved' && isPublicCampaign(row.campaign);
  const access = viewer ? await loadCampaignAccess(deps.db, viewer, row.campaign.id) : null;
  const r = access?.relation;
  // The contracts are public on chain whatever this page shows; the page shows them to the team first.
  if (!campaignPublic && (!r || !(r.isAdmin || r.isOwner || r.isMember))) return null;
  const mayAnalyse = Boolean(r && (r.isAdmin || r.isOwner || access?.membership?.approved));
  const d = row.deployment;
  const chainId = coins.chain.id;
  const contract = (key: FilmCoin['contracts'][number]['key'], label: string, address: string | null) => ({
    key,
    label,
    address: address ?? '',
    url: address ? explorerAddressUrl(chainId, address) : null,
  });
  return {
    campaignId: row.campaign.id,
    campaignTitle: row.campaign.title,
    campaignPublic,
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
    ...(await readIndex()),
    usdc: coins.usdc,
    mayAnalyse,
  };

  // From the index, never from the chain as the page is made (docs/coins.md, "The index").
  async function readIndex(): Promise<{ sale: DropSale; vesting: CoinVesting | null; topTenShare: number | null }> {
    const [sale, vesting, holders] = await Promise.all([
      indexedSale(deps.db, chainId, d.campaignId),
      read.vesting ? indexedVesting(deps.db, chainId, d, deps.clock.now()) : null,
      read.vesting ? indexedHolders(deps.db, chainId, d.campaignId) : null,
    ]);
    return { sale, vesting, topTenShare: holders ? topTenShare(holders) : null };
  }
}
