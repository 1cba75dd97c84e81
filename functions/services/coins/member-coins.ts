import { and, eq } from 'drizzle-orm';
import type { Address } from 'viem';
import { type Actor, authorize } from '../../auth/authorize';
import { chainClients } from '../../chain/client';
import { type MemberVestingRead, memberCoinRead } from '../../chain/member-coins';
import { campaigns, coinDeployments } from '../../db/schema';
import { explorerAddressUrl } from '../../domain/coins/state';
import type { Deps } from '../../platform/deps';
import { type IndexedMemberVesting, indexedMemberCoin } from './lib/index-reads';

export interface MemberVesting {
  key: 'team' | 'reserve';
  contract: string;
  /** Coin units (18 decimals), as decimal strings. */
  allocation: string;
  vested: string;
  released: string;
  releasable: string;
  locked: string;
  cliffEnd: Date;
  end: Date;
}

/** One coin the viewer is a pinned member of, and what it owes them now. */
export interface MemberCoin {
  campaignId: string;
  movieId: string;
  title: string;
  name: string;
  symbol: string;
  chain: { id: number; name: string };
  /** The viewer's agreed share (tenths of a percent) in the split pinned at deployment. */
  sharePermille: number;
  /** The members' agreed shares added up: the viewer's part of the proceeds after the fee is share / this. */
  membersPermille: number;
  feePercent: number;
  /** Where their proceeds and coins go, whoever sends the call: the wallet linked when the coin was deployed. */
  payee: string;
  drop: string;
  dropUrl: string | null;
  /** The chain's side, or why it could not be read in time. */
  chainRead:
    | {
        sold: number;
        /** USDC units credited to the payee and not withdrawn, as a decimal string. */
        proceeds: string;
        vesting: MemberVesting[];
        chainTime: Date;
      }
    | { error: string };
}

const vestingOf = (key: MemberVesting['key'], v: MemberVestingRead | IndexedMemberVesting): MemberVesting => ({
  key,
  contract: v.contract,
  allocation: String(v.allocation),
  vested: String(v.vested),
  released: String(v.released),
  releasable: String(v.releasable),
  locked: String(v.locked),
  cliffEnd: v.cliffEnd,
  end: v.end,
});

/**
 * Every deployed coin on the coins' chain whose pinned split names the viewer, with their share, the
 * payee pinned for them, the proceeds they can withdraw and, per vesting contract, what is vested,
 * releasable and still locked. Empty when coins are off or the viewer is no member of any coin.
 * `from: 'chain'` (the members' page, where they withdraw and release) reads the chain now, in time for
 * the page, at its latest block; `from: 'index'` (the Coins tab) reads the index and asks the chain
 * nothing. docs/coins.md, "Collecting: the members' page".
 */
export async function memberCoins(
  deps: Deps,
  actor: Actor,
  { from }: { from: 'chain' | 'index' } = { from: 'chain' },
): Promise<MemberCoin[]> {
  const viewer = authorize(actor, 'coin.read-own');
  const coins = deps.coinChain.coins;
  if (!coins) return [];
  const rows = await deps.db
    .select({ deployment: coinDeployments, movieId: campaigns.movieId, title: campaigns.title })
    .from(coinDeployments)
    .innerJoin(campaigns, eq(campaigns.id, coinDeployments.campaignId))
    .where(and(eq(coinDeployments.chainId, coins.chain.id), eq(coinDeployments.status, 'deployed')))
    .orderBy(campaigns.title);
  const mine = rows.filter((r) => r.deployment.members.some((m) => m.userId === viewer.userId));
  if (mine.length === 0) return [];
  const clients = chainClients(coins);
  return Promise.all(
    mine.map(async ({ deployment: d, movieId, title }): Promise<MemberCoin> => {
      const me = d.members.find((m) => m.userId === viewer.userId) as (typeof d.members)[number];
      const read =
        from === 'index'
          ? await indexedMemberCoin(deps.db, coins.chain.id, d, me.address, deps.clock.now()).then((r) =>
              'error' in r ? r : { value: r },
            )
          : await memberCoinRead(
              clients,
              {
                drop: d.dropAddress as Address,
                teamVesting: d.teamVestingAddress as Address,
                reserveVesting: d.reserveVestingAddress as Address,
              },
              me.address as Address,
            );
      return {
        campaignId: d.campaignId,
        movieId,
        title,
        name: d.name,
        symbol: d.symbol,
        chain: { id: coins.chain.id, name: coins.chain.name },
        sharePermille: me.sharePermille,
        membersPermille: d.members.reduce((sum, m) => sum + m.sharePermille, 0),
        feePercent: d.feePercent,
        payee: me.address,
        drop: d.dropAddress as string,
        dropUrl: explorerAddressUrl(coins.chain.id, d.dropAddress as string),
        chainRead:
          'error' in read
            ? read
            : {
                sold: read.value.sold,
                proceeds: String(read.value.proceeds),
                vesting: [vestingOf('team', read.value.team), vestingOf('reserve', read.value.reserve)],
                chainTime: read.value.chainTime,
              },
      };
    }),
  );
}
