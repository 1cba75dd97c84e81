import { DurableObject } from 'cloudflare:workers';
import { type Address, type Hex, TransactionNotFoundError } from 'viem';
import type { Viewer } from '../auth/viewer';
import { COIN_TEXT } from '../domain/coins/texts';
import { fillText } from '../domain/fill-text';
import type { CoinDeployerRpc } from '../durable-objects';
import type { Bindings } from '../env';
import { createDeps } from '../platform/create-deps';
import type { Deps } from '../platform/deps';
import {
  type DeployJob,
  type DeployOutcome,
  deploymentOf,
  markDeploying,
  markFailed,
  markSent,
  membersUnlinked,
  recordDeployed,
} from '../services/coins';
import { type ChainClients, ChainError, chainClients, chainErrorMessage, waitForReceipt } from './client';
import type { CoinsConfig } from './config';
import { coinFactoryDeployAbi as coinFactoryAbi } from './factory-abi';
import { coinParams, deploymentFromReceipt, factoryDeployment } from './factory-calls';

/**
 * The one deployer of a chain (one object per chain id): it owns the deployer key's nonce, and runs
 * deployments one at a time — a second request for a campaign waits for the first and finds it
 * deployed. Each run reads the factory first, so a deployment that was mined but not stored (the
 * object stopped between sending and storing) is stored, never sent again (docs/coins.md).
 */
export class CoinDeployer extends DurableObject<Bindings> implements CoinDeployerRpc {
  private queue: Promise<unknown> = Promise.resolve();
  /** The next nonce of the deployer's account; read from the chain when unknown or after a failure. */
  private nonce: number | null = null;

  deploy(job: DeployJob, by: Viewer): Promise<DeployOutcome> {
    const run = this.queue.then(() => this.run(job, by));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The deployer's address and balance (wei, as text), for the admins' Creator Coins tab. */
  async deployerBalance(): Promise<{ address: Address; balance: string } | null> {
    const coins = createDeps(this.env).config.coins;
    if (!coins) return null;
    const { client } = chainClients(coins);
    return { address: coins.deployer, balance: String(await client.getBalance({ address: coins.deployer })) };
  }

  private async run(job: DeployJob, by: Viewer): Promise<DeployOutcome> {
    const deps = createDeps(this.env);
    const coins = deps.config.coins;
    if (!coins || coins.chain.id !== job.chainId) return { outcome: 'failed', reason: COIN_TEXT.coinsDisabled };
    const stored = await deploymentOf(deps.db, job.campaignId, job.chainId);
    if (stored?.status === 'deployed') return { outcome: 'already', deployment: stored };
    const chain = chainClients(coins);
    try {
      const onChain = await factoryDeployment(chain, coins.factory, job.campaignId);
      if (onChain)
        return {
          outcome: 'deployed',
          deployment: await recordDeployed(deps, by, job, onChain, stored?.txHash ?? null),
        };
      // Sent by an earlier run that stopped before its end: while the chain still knows that transaction,
      // its receipt decides; only a transaction the chain has dropped is sent again.
      if (stored?.status === 'deploying' && stored.txHash && (await isKnown(chain, stored.txHash as Hex)))
        return await this.settle(deps, chain, job, by, stored.txHash as Hex);
      return await this.send(deps, coins, chain, job, by);
    } catch (err) {
      this.nonce = null;
      const reason = chainErrorMessage(err);
      console.error(`coin deployment of ${job.campaignId} failed:`, reason);
      await markFailed(deps, job, reason);
      return { outcome: 'failed', reason };
    }
  }

  private async send(deps: Deps, coins: CoinsConfig, { client, wallet }: ChainClients, job: DeployJob, by: Viewer) {
    const args = [
      coinParams({
        campaignId: job.campaignId,
        name: job.name,
        symbol: job.symbol,
        price: job.price,
        feePercent: job.feePercent,
        members: job.members.map((m) => ({ address: m.address as Address, share: m.sharePermille })),
      }),
    ] as const;
    const call = { address: coins.factory, abi: coinFactoryAbi, functionName: 'deploy', args } as const;
    const [gas, fees, balance] = await Promise.all([
      client.estimateContractGas({ ...call, account: wallet.account }),
      client.estimateFeesPerGas(),
      client.getBalance({ address: coins.deployer }),
    ]);
    const maxFee = fees.maxFeePerGas ?? fees.gasPrice ?? 0n;
    if (balance < gas * maxFee)
      throw new ChainError(fillText(COIN_TEXT.coinDeployerLow, { symbol: coins.chain.nativeCurrency.symbol }));

    await markDeploying(deps, job, deps.clock.now());
    // A member may have unlinked between the verb's checks and the mark: then nothing is sent.
    const unlinked = await membersUnlinked(deps, job);
    if (unlinked.length > 0) {
      const reason = fillText(COIN_TEXT.coinWalletsMissing, {
        chain: job.chainName,
        names: unlinked.map((m) => m.username || m.userId).join(', '),
      });
      await markFailed(deps, job, reason);
      return { outcome: 'refused' as const, reason };
    }
    const nonce = this.nonce ?? (await client.getTransactionCount({ address: coins.deployer, blockTag: 'pending' }));
    const hash: Hex = await wallet.writeContract({ ...call, gas, nonce });
    this.nonce = nonce + 1;
    await markSent(deps, job, hash);
    return this.settle(deps, { client, wallet }, job, by, hash);
  }

  /** Waits for a sent deployment's receipt and stores what it deployed. */
  private async settle(deps: Deps, { client }: ChainClients, job: DeployJob, by: Viewer, hash: Hex) {
    const receipt = await waitForReceipt(client, hash);
    if (receipt.status !== 'success') throw new ChainError(fillText(COIN_TEXT.coinTxReverted, { hash }));
    const contracts = deploymentFromReceipt(receipt);
    if (!contracts) throw new ChainError(fillText(COIN_TEXT.coinTxNoCoin, { hash }));
    return { outcome: 'deployed' as const, deployment: await recordDeployed(deps, by, job, contracts, hash) };
  }
}

/** Whether the chain knows a transaction (pending or mined); false once a node has dropped it. */
async function isKnown({ client }: ChainClients, hash: Hex): Promise<boolean> {
  try {
    await client.getTransaction({ hash });
    return true;
  } catch (err) {
    if (err instanceof TransactionNotFoundError) return false;
    throw err;
  }
}
