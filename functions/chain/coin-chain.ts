import type { CoinDeployerRpc } from '../durable-objects';
import type { CoinsConfig } from './config';

/** The chain's one deployer, as callers see it. */
export type CoinDeployerApi = Pick<CoinDeployerRpc, 'deploy' | 'deployerBalance'>;

/** What `deps.coinChain` holds: the coins configuration and the chain's deployer. */
export interface CoinChain {
  /** null when coins are off. */
  readonly coins: CoinsConfig | null;
  /** null when coins are off or no deployer is bound (a Node-side caller). */
  readonly deployer: CoinDeployerApi | null;
}

type DeployerNamespace = { idFromName(name: string): DurableObjectId; get(id: DurableObjectId): unknown };

/** The chain of this configuration: one deployer object per chain id. */
export function coinChainOf(coins: CoinsConfig | null, namespace: DeployerNamespace | undefined): CoinChain {
  return {
    coins,
    deployer:
      coins && namespace ? (namespace.get(namespace.idFromName(`chain:${coins.chain.id}`)) as CoinDeployerApi) : null,
  };
}
