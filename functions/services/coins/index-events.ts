import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { chainClients } from '../../chain/client';
import { coinDeployments } from '../../db/schema';
import { LOCAL_CHAIN_ID } from '../../domain/chains/info';
import { coinPurchaseInput } from '../../domain/coins/input';
import { notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { type IndexRun, runCoinIndexer } from './lib/indexer';

/**
 * The hourly job's run of the chain's indexer (docs/coins.md, "The index"): through the chain's one
 * `CoinIndexer` object in the worker, in place where there is none (a Node-side command). null when
 * coins are off.
 */
export async function indexCoinEvents(deps: Deps, actor: Actor): Promise<IndexRun | null> {
  authorize(actor, 'coin.index');
  const { coins, indexer } = deps.coinChain;
  if (!coins) return null;
  if (indexer) return indexer.index();
  return runCoinIndexer(deps, chainClients(coins).client, {
    chainId: coins.chain.id,
    confirmations: coins.confirmations,
    local: coins.chain.id === LOCAL_CHAIN_ID,
  });
}

/**
 * A purchase made on a coins page, told by the buyer's browser: it asks the chain's indexer for a run
 * (coalesced, and limited per coin, by the object). The hash is only a hint — the indexer reads our
 * contracts' logs from the chain itself, so a forged or foreign hash changes nothing. 404 for a
 * campaign without a deployed coin on this chain.
 */
export async function nudgeCoinIndexer(deps: Deps, actor: Actor, raw: unknown): Promise<{ indexed: boolean }> {
  authorize(actor, 'coin.nudge-index');
  const input = parseInput(coinPurchaseInput, raw);
  const { coins, indexer } = deps.coinChain;
  if (!coins) throw notFound('Creator coins are not enabled on this server.');
  const deployed = await deps.db
    .select({ campaignId: coinDeployments.campaignId })
    .from(coinDeployments)
    .where(
      and(
        eq(coinDeployments.campaignId, input.campaignId),
        eq(coinDeployments.chainId, coins.chain.id),
        eq(coinDeployments.status, 'deployed'),
      ),
    )
    .get();
  if (!deployed) throw notFound('No coin of this campaign on this chain.');
  if (!indexer) return { indexed: false };
  return indexer.nudge(input.campaignId);
}
