import type { CoinDeployerRpc, CoinIndexerRpc } from '../durable-objects';
import type { CoinsConfig } from './config';

/** The chain's one deployer, as callers see it. */
export type CoinDeployerApi = Pick<CoinDeployerRpc, 'deploy' | 'deployerBalance'>;

/** The chain's one coin indexer, as callers see it (docs/coins.md, "The index"). */
export type CoinIndexerApi = Pick<CoinIndexerRpc, 'index' | 'nudge'>;

/** What `deps.coinChain` holds: the coins configuration, the chain's deployer and its indexer. */
export interface CoinChain {
  /** null when coins are off. */
  readonly coins: CoinsConfig | null;
  /** null when coins are off or no deployer is bound (a Node-side caller). */
  readonly deployer: CoinDeployerApi | null;
  /** null when coins are off or no indexer is bound (a Node-side caller runs the indexer in place). */
  readonly indexer: CoinIndexerApi | null;
}

type ObjectNamespace = { idFromName(name: string): DurableObjectId; get(id: DurableObjectId): unknown };

/** The chain of this configuration: one deployer object and one indexer object per chain id. */
export function coinChainOf(
  coins: CoinsConfig | null,
  namespace: ObjectNamespace | undefined,
  indexers?: ObjectNamespace,
): CoinChain {
  const one = <T>(ns: ObjectNamespace | undefined): T | null =>
    coins && ns ? (ns.get(ns.idFromName(`chain:${coins.chain.id}`)) as T) : null;
  return { coins, deployer: one<CoinDeployerApi>(namespace), indexer: one<CoinIndexerApi>(indexers) };
}
