import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { type ChainClients, chainClients, receiptOf } from '../../chain/client';
import { type SaleBooks, saleBooks } from '../../chain/member-coins';
import { readInTime } from '../../chain/read-in-time';
import { campaigns, coinDeployments, type PinnedMember } from '../../db/schema';
import { type CoinState, coinState, isStaleDeployment } from '../../domain/coins/state';
import { DomainError } from '../../domain/errors';
import type { Deps } from '../../platform/deps';
import { checkDeployable } from './lib/deployable';

export interface CoinCampaign {
  campaignId: string;
  /** The campaign's film: locally, its coins page is where the contracts are shown. */
  movieId: string;
  title: string;
  status: string;
  symbol: string;
  price: number;
  state: CoinState;
  /** Waiting for wallets: who has none on the chain. */
  missing: string[];
  /** Why it cannot be deployed yet (settings saved), or why the last attempt failed. */
  reason: string | null;
  addresses: { coin: string; drop: string; teamVesting: string; reserveVesting: string } | null;
  txHash: string | null;
  /** Deploying: what the chain says of the sent transaction ('Transaction receipt not found.' while it is pending). */
  receiptNote: string | null;
  /** Deploying for longer than a deployment takes: the admin may ask the deployer to check again. */
  stale: boolean;
  agreementVersion: number | null;
  members: PinnedMember[];
  /** Deployed: the sale's USDC raised, withdrawn, held and the platform's part, and whether they reconcile; or the chain's reason. */
  books: SaleBooks | { error: string } | null;
}

export interface CoinsOverview {
  chain: { id: number; name: string; symbol: string } | null;
  deployer: { address: string; balance: string | null; balanceError: string | null } | null;
  campaigns: CoinCampaign[];
}

/** The admins' Creator Coins tab: every campaign with coins enabled, its state, and the deployer's balance. */
export async function listCoinCampaigns(deps: Deps, actor: Actor): Promise<CoinsOverview> {
  authorize(actor, 'coin.list');
  const { coins } = deps.coinChain;
  const { db } = deps;
  if (!coins) return { chain: null, deployer: null, campaigns: [] };
  const chain = chainClients(coins);
  // The chain's reads run at once, beside the database's, so a slow chain holds the tab for one
  // deadline, not one per deploying coin.
  const balanceRead = readInTime(chain.client.getBalance({ address: coins.deployer }));
  const rows = await db
    .select({ campaign: campaigns, deployment: coinDeployments })
    .from(campaigns)
    .leftJoin(
      coinDeployments,
      and(eq(coinDeployments.campaignId, campaigns.id), eq(coinDeployments.chainId, coins.chain.id)),
    )
    .where(eq(campaigns.creatorCoinsEnabled, true))
    .orderBy(campaigns.title);
  const out = await Promise.all(
    rows.map(async ({ campaign: c, deployment: d }): Promise<CoinCampaign> => {
      let blocker: { message: string; missing: string[] } | null = null;
      if (!d || d.status === 'failed') {
        try {
          await checkDeployable(db, coins, c.id, null);
        } catch (err) {
          if (!(err instanceof DomainError)) throw err;
          const details = err.details as { missing?: { username: string | null; userId: string }[] } | undefined;
          blocker = { message: err.message, missing: details?.missing?.map((m) => m.username ?? m.userId) ?? [] };
        }
      }
      return {
        campaignId: c.id,
        movieId: c.movieId,
        title: c.title,
        status: c.status,
        symbol: d?.symbol ?? c.creatorCoinSymbol,
        price: d?.price ?? c.creatorCoinPrice,
        state: coinState(d?.status ?? null, blocker),
        missing: blocker?.missing ?? [],
        reason: d?.status === 'failed' ? d.error : (blocker?.message ?? null),
        addresses:
          d?.status === 'deployed'
            ? {
                coin: d.coinAddress as string,
                drop: d.dropAddress as string,
                teamVesting: d.teamVestingAddress as string,
                reserveVesting: d.reserveVestingAddress as string,
              }
            : null,
        txHash: d?.txHash ?? null,
        receiptNote: d?.status === 'deploying' && d.txHash ? await receiptNote(chain, d.txHash as `0x${string}`) : null,
        stale: d?.status === 'deploying' && isStaleDeployment(d.startedAt, deps.clock.now()),
        agreementVersion: d?.agreementVersion ?? null,
        members: d?.members ?? [],
        books:
          d?.status === 'deployed' && d.dropAddress ? await booksOf(chain, coins.usdc, d.dropAddress, d.txHash) : null,
      };
    }),
  );
  const read = await balanceRead;
  const balance = 'value' in read ? String(read.value) : null;
  const balanceError = 'error' in read ? read.error : null;
  return {
    chain: { id: coins.chain.id, name: coins.chain.name, symbol: coins.chain.nativeCurrency.symbol },
    deployer: { address: coins.deployer, balance, balanceError },
    campaigns: out,
  };
}

/** A sent deployment's receipt, read once in time for the page: null once it is mined, else the chain's words. */
async function receiptNote({ client }: ChainClients, hash: `0x${string}`): Promise<string | null> {
  const read = await readInTime(receiptOf(client, hash));
  return 'error' in read ? read.error : null;
}

/**
 * A deployed sale's books, read in time for the tab: its Withdrawn logs from the deployment's block (the
 * stored transaction's, when the chain knows it) on.
 */
async function booksOf({ client }: ChainClients, usdc: string, drop: string, txHash: string | null) {
  const read = await readInTime(
    (async () => {
      const deployedIn = txHash
        ? await client
            .getTransactionReceipt({ hash: txHash as `0x${string}` })
            .then((r) => r.blockNumber)
            .catch(() => 0n)
        : 0n;
      return saleBooks({ client }, drop as `0x${string}`, usdc as `0x${string}`, deployedIn);
    })(),
  );
  return 'error' in read ? { error: read.error } : read.value;
}
