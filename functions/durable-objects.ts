import type { Address } from 'viem';
import type { Viewer } from './auth/identity';
import type { DeployJob, DeployOutcome } from './chain/deploy-job';
import type { IndexRun } from './chain/index-run';
import type { ChannelEvent } from './realtime/protocol';

/**
 * What the worker calls on each Durable Object, for the bindings' types (functions/env.ts) and the
 * classes that implement them: both sides import this module, so the bindings do not import the
 * classes (which import the dependency bundle's factory).
 */

/** A signed-in user's open tabs (functions/realtime/user-channel.ts). */
export interface UserChannelRpc extends Rpc.DurableObjectBranded {
  /** Sends the event to every open tab; answers how many got it. */
  push(event: ChannelEvent): Promise<number>;
  closeAll(code: number, reason: string): Promise<number>;
  connections(): Promise<number>;
}

/** A campaign's open film pages (functions/realtime/campaign-channel.ts). */
export interface CampaignChannelRpc extends Rpc.DurableObjectBranded {
  /** Reads the campaign's live figures once and sends them to every open page. */
  refresh(campaignId: string): Promise<number>;
  connections(): Promise<number>;
}

/** The chain's one deployer (functions/chain/deployer-object.ts). */
export interface CoinDeployerRpc extends Rpc.DurableObjectBranded {
  /** `by`: the admin who asked, recorded in the deployment's audit row. */
  deploy(job: DeployJob, by: Viewer): Promise<DeployOutcome>;
  deployerBalance(): Promise<{ address: Address; balance: string } | null>;
}

/** The chain's one coin indexer (functions/chain/indexer-object.ts, docs/coins.md "The index"). */
export interface CoinIndexerRpc extends Rpc.DurableObjectBranded {
  /** One pass over every coin of the chain; calls while a pass runs join the one queued behind it. */
  index(): Promise<IndexRun | null>;
  /** A purchase made in the app: a pass, at most a few a minute for one coin. */
  nudge(campaignId: string): Promise<{ indexed: boolean }>;
}

/**
 * A Durable Object binding as the worker uses it: a stub per name. Structural, so the environment
 * wrangler generates (typed with the classes) is one of these too.
 */
export interface Namespace<T extends Rpc.DurableObjectBranded> {
  idFromName(name: string): DurableObjectId;
  get(id: DurableObjectId): DurableObjectStub<T>;
}
