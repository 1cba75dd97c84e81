import { DurableObject } from 'cloudflare:workers';
import { LOCAL_CHAIN_ID } from '../domain/chains/info';
import type { CoinIndexerRpc } from '../durable-objects';
import type { Bindings } from '../env';
import { createDeps } from '../platform/create-deps';
import { ringCampaign } from '../realtime/campaign-bell';
import { runCoinIndexer } from '../services/coins';
import { chainClients } from './client';
import type { IndexRun } from './index-run';

/** How often one coin's purchases may start a run (docs/coins.md, "The index"): more are coalesced into the next run or refused. */
export const NUDGES_PER_COIN_PER_MINUTE = 6;

/**
 * The one indexer of a chain (one object per chain id): runs one at a time. A call while a run is
 * going joins the single run queued behind it, so however many purchases and jobs ask at once, at
 * most two runs happen and the last starts after the last ask.
 */
export class CoinIndexer extends DurableObject<Bindings> implements CoinIndexerRpc {
  private running: Promise<IndexRun | null> | null = null;
  private queued: Promise<IndexRun | null> | null = null;
  private nudges = new Map<string, number[]>();

  index(): Promise<IndexRun | null> {
    if (!this.running) return this.start();
    this.queued ??= this.running
      .catch(() => null)
      .then(() => {
        this.queued = null;
        return this.start();
      });
    return this.queued;
  }

  /** A purchase made in the app: runs the indexer, at most NUDGES_PER_COIN_PER_MINUTE times a minute for one coin. */
  async nudge(campaignId: string): Promise<{ indexed: boolean }> {
    const now = Date.now();
    const recent = (this.nudges.get(campaignId) ?? []).filter((t) => now - t < 60_000);
    if (recent.length >= NUDGES_PER_COIN_PER_MINUTE) {
      this.nudges.set(campaignId, recent);
      return { indexed: false };
    }
    this.nudges.set(campaignId, [...recent, now]);
    await this.index();
    return { indexed: true };
  }

  private start(): Promise<IndexRun | null> {
    const run = this.run();
    this.running = run;
    run
      .finally(() => {
        if (this.running === run) this.running = null;
      })
      .catch(() => undefined);
    return run;
  }

  private async run(): Promise<IndexRun | null> {
    const deps = createDeps(this.env);
    const coins = deps.config.coins;
    if (!coins) return null;
    const run = await runCoinIndexer(deps, chainClients(coins).client, {
      chainId: coins.chain.id,
      confirmations: coins.confirmations,
      local: coins.chain.id === LOCAL_CHAIN_ID,
    });
    // Open coin pages of a campaign with a new purchase get the sold figure (best-effort: the database is the truth).
    await Promise.all(run.purchased.map((id) => ringCampaign(deps.campaignBell, id)));
    return run;
  }
}
