import type { Address } from 'viem';
import type { Viewer } from '../auth/viewer';
import type { DeployJob, DeployOutcome } from '../services/coins';
import type { CoinsConfig } from './config';

/** The chain's one deployer (functions/chain/deployer-object.ts), as callers see it. */
export interface CoinDeployerApi {
  /** `by`: the admin who asked, recorded in the deployment's audit row. */
  deploy(job: DeployJob, by: Viewer): Promise<DeployOutcome>;
  deployerBalance(): Promise<{ address: Address; balance: string } | null>;
}

/** What `services.chain` holds: the coins configuration and the chain's deployer. */
export interface Chain {
  /** null when coins are off. */
  readonly coins: CoinsConfig | null;
  /** null when coins are off or no deployer is bound (a Node-side caller). */
  readonly deployer: CoinDeployerApi | null;
}

type DeployerNamespace = { idFromName(name: string): DurableObjectId; get(id: DurableObjectId): unknown };

/** The chain of this configuration: one deployer object per chain id. */
export function chainOf(coins: CoinsConfig | null, namespace: DeployerNamespace | undefined): Chain {
  return {
    coins,
    deployer:
      coins && namespace ? (namespace.get(namespace.idFromName(`chain:${coins.chain.id}`)) as CoinDeployerApi) : null,
  };
}
