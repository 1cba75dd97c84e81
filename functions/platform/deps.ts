import type Stripe from 'stripe';
import type { Auth } from '../auth/auth';
import type { CoinChain } from '../chain/coin-chain';
import type { Db } from '../db/client';
import type { FollowUpRunner } from '../db/unit-of-work';
import type { Config } from '../env';
import type { Payments, Schedule } from '../payments/stripe';
import type { CampaignBell } from '../realtime/campaign-bell';
import type { Doorbell } from '../realtime/doorbell';
import type { CatalogueCache } from './catalogue-cache';
import type { Clock } from './clock';
import type { Mailer } from './mailer';
import type { SynopsisWriter } from './synopsis';

export type { CoinChain } from '../chain/coin-chain';

/**
 * Everything a verb may use, built once per request or job by `createDeps` (functions/platform/create-deps.ts) — the one place
 * where the database, the doorbell, Stripe, the mailer, the caches and the clock are made.
 * Routes, pages, the scheduled job, the webhook handler, the seed and the tests all get theirs here.
 */
export interface Deps {
  /** The validated environment. */
  readonly config: Config;
  readonly db: Db;
  /** Rings a user's open tabs after a write; silent where no Durable Object is reachable. */
  readonly bell: Doorbell;
  /** Rings a campaign's open film pages after its figures changed; silent where no Durable Object is reachable. */
  readonly campaignBell: CampaignBell;
  /** null for a Node-side caller without KV (the libSQL tests). */
  readonly kv: KVNamespace | null;
  /** The media bucket (R2); null for a Node-side caller without one. */
  readonly media: R2Bucket | null;
  /** The catalogue's versioned read cache in KV (reads go to the database without KV). */
  readonly cache: CatalogueCache;
  /** The Stripe SDK, made on first use (most requests never call Stripe). */
  readonly stripe: Stripe;
  /** Stripe with its mode: TEST mode's fake and the webhook signing secrets. Made on first use. */
  readonly payments: Payments;
  readonly mailer: Mailer;
  /** better-auth for this database, made on first use. */
  readonly auth: Auth;
  /** The time every rule reads (deadlines, backoffs, expiries). */
  readonly clock: Clock;
  /** Creator coins' chain: its configuration and its one deployer. Made on first use. */
  readonly coinChain: CoinChain;
  /** Work to finish after the response (the request's waitUntil), e.g. TEST mode's event deliveries. */
  readonly schedule: Schedule;
  /** Runs a change's owed follow-ups right after its commit (functions/follow-ups.ts). */
  readonly followUps: FollowUpRunner;
  /** The film importer's synopsis writer: Workers AI in production when bound, otherwise none (functions/platform/synopsis.ts). */
  readonly synopsis: SynopsisWriter | null;
}

/** What a caller may supply instead of the factory's default (Node-side commands and tests). */
export interface DepsOverrides {
  db?: Db;
  bell?: Doorbell;
  campaignBell?: CampaignBell;
  kv?: KVNamespace | null;
  media?: R2Bucket | null;
  mailer?: Mailer;
  clock?: Clock;
  stripe?: Stripe;
  coinChain?: CoinChain;
  schedule?: Schedule;
  /** A fake synopsis writer (tests). */
  synopsis?: SynopsisWriter | null;
  /**
   * false for a test that stands for a worker stopped after the commit: owed follow-ups then run
   * only in the hourly job.
   */
  followUpsAfterCommit?: boolean;
}

/** The media bucket, for verbs that store or serve files. */
export function mediaOf(deps: Pick<Deps, 'media'>): R2Bucket {
  if (!deps.media) throw new Error('No media bucket (R2) is bound here');
  return deps.media;
}
