import type Stripe from 'stripe';
import { type Auth, authFor } from '../auth';
import { type Chain, chainOf } from '../chain/services';
import { type Db, getDb } from '../db/client';
import { type Bindings, type Config, getConfig } from '../env';
import { buildPayments, detached, type Payments, type Schedule, webhookSecrets } from '../payments/stripe';
import { type CampaignBell, durableObjectCampaignBell, silentCampaignBell } from '../realtime/campaign-bell';
import { type Doorbell, durableObjectDoorbell, silentDoorbell } from '../realtime/doorbell';
import { type CatalogueCache, catalogueCache } from './catalogue-cache';
import { type Clock, systemClock } from './clock';
import { localClock, syncLocalClock } from './local-clock';
import { createMailer, type Mailer } from './mailer';

export type { Chain } from '../chain/services';

/**
 * Everything a verb may use, built once per request or job by `createServices` — the one place
 * where the database, the doorbell, Stripe, the mailer, the caches and the clock are made.
 * Routes, pages, the scheduled job, the webhook handler, the seed and the tests all get theirs here.
 */
export interface Services {
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
  readonly chain: Chain;
  /** Work to finish after the response (the request's waitUntil), e.g. TEST mode's event deliveries. */
  readonly schedule: Schedule;
  /**
   * Whether a change's owed follow-ups run right after its commit (always, but for a test that
   * stands for a worker stopped after the commit: then only the hourly job runs them).
   */
  readonly followUpsAfterCommit: boolean;
}

/** What a caller may supply instead of the factory's default (Node-side commands and tests). */
export interface ServiceOverrides {
  db?: Db;
  bell?: Doorbell;
  campaignBell?: CampaignBell;
  kv?: KVNamespace | null;
  media?: R2Bucket | null;
  mailer?: Mailer;
  clock?: Clock;
  stripe?: Stripe;
  chain?: Chain;
  schedule?: Schedule;
  followUpsAfterCommit?: boolean;
}

/** Builds a value on first read, then keeps it. */
function once<T>(make: () => T): () => T {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}

/**
 * The services of one request or job. Cheap to call: what costs something (the configuration's
 * validation, Stripe, better-auth, the mailer) is made on first use, so a page that reads the
 * catalogue never builds Stripe, and a build-time render never validates secrets it does not use.
 */
export function createServices(env: Bindings, overrides: ServiceOverrides = {}): Services {
  const config = once(() => getConfig(env));
  const db = once(() => overrides.db ?? getDb(env));
  const kv = 'kv' in overrides ? (overrides.kv ?? null) : (env.KV ?? null);
  const schedule = overrides.schedule ?? detached;
  const payments = once(
    (): Payments =>
      overrides.stripe
        ? { stripe: overrides.stripe, testMode: false, webhookSecrets: webhookSecrets(config()), testStripe: null }
        : buildPayments(config(), kv, schedule),
  );
  const mailer = once(() => overrides.mailer ?? createMailer(config(), kv));
  const chain = once(() => overrides.chain ?? chainOf(config().coins, env.COIN_DEPLOYER));
  const services: Services = {
    get config() {
      return config();
    },
    get db() {
      return db();
    },
    bell: overrides.bell ?? (env.USER_CHANNEL ? durableObjectDoorbell(env.USER_CHANNEL) : silentDoorbell),
    campaignBell:
      overrides.campaignBell ??
      (env.CAMPAIGN_CHANNEL ? durableObjectCampaignBell(env.CAMPAIGN_CHANNEL) : silentCampaignBell),
    kv,
    media: 'media' in overrides ? (overrides.media ?? null) : (env.MEDIA ?? null),
    cache: catalogueCache(kv ?? undefined),
    get stripe() {
      return payments().stripe;
    },
    get payments() {
      return payments();
    },
    get mailer() {
      return mailer();
    },
    get auth() {
      return authFor(services);
    },
    // Only a local server can be moved in time; production always reads the real time.
    clock: overrides.clock ?? (env.ENVIRONMENT === 'local' ? localClock : systemClock),
    get chain() {
      return chain();
    },
    schedule,
    followUpsAfterCommit: overrides.followUpsAfterCommit ?? true,
  };
  return services;
}

/**
 * Before a local request or job reads the time: the local-only clock offset setting, re-read at
 * most once a second. Nothing happens in production or when the caller brought its own clock.
 */
export async function prepareClock(services: Services): Promise<void> {
  if (services.clock === localClock) await syncLocalClock(services.db);
}

/** The media bucket, for verbs that store or serve files. */
export function mediaOf(services: Pick<Services, 'media'>): R2Bucket {
  if (!services.media) throw new Error('No media bucket (R2) is bound here');
  return services.media;
}

const byContext = new WeakMap<object, Services>();

/**
 * The page pipeline hands the services it built for a request to Astro through the request's
 * execution context, which the adapter exposes as `Astro.locals.cfContext`.
 */
export function handServicesToPage(ctx: ExecutionContext, services: Services) {
  byContext.set(ctx, services);
}

/** The services the worker built for this page's request, or new ones (a build-time render). */
export function pageServices(ctx: ExecutionContext | undefined, env: Bindings): Services {
  return (ctx && byContext.get(ctx)) ?? createServices(env, ctx ? { schedule: ctx.waitUntil.bind(ctx) } : {});
}
