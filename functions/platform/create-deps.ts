import { authFor } from '../auth';
import { coinChainOf } from '../chain/coin-chain';
import { getDb } from '../db/client';
import { type Bindings, getConfig } from '../env';
import { runFollowUpsNow } from '../follow-ups';
import { buildPayments, detached, type Payments, webhookSecrets } from '../payments/stripe';
import { durableObjectCampaignBell, silentCampaignBell } from '../realtime/campaign-bell';
import { durableObjectDoorbell, silentDoorbell } from '../realtime/doorbell';
import { catalogueCache } from './catalogue-cache';
import { systemClock } from './clock';
import type { Deps, DepsOverrides } from './deps';
import { localClock, syncLocalClock } from './local-clock';
import { createMailer } from './mailer';
import { workersAiSynopsis } from './synopsis';

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
 * The deps of one request or job. Cheap to call: what costs something (the configuration's
 * validation, Stripe, better-auth, the mailer) is made on first use, so a page that reads the
 * catalogue never builds Stripe, and a build-time render never validates secrets it does not use.
 */
export function createDeps(env: Bindings, overrides: DepsOverrides = {}): Deps {
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
  const coinChain = once(() => overrides.coinChain ?? coinChainOf(config().coins, env.COIN_DEPLOYER, env.COIN_INDEXER));
  const deps: Deps = {
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
      return authFor(deps);
    },
    // Only a local server can be moved in time; production always reads the real time.
    clock: overrides.clock ?? (env.ENVIRONMENT === 'local' ? localClock : systemClock),
    get coinChain() {
      return coinChain();
    },
    schedule,
    // Workers AI drafts synopses in production only, and only when the binding is there (docs/film-import.md).
    get synopsis() {
      if ('synopsis' in overrides) return overrides.synopsis ?? null;
      return env.ENVIRONMENT === 'production' && env.AI ? workersAiSynopsis(env.AI) : null;
    },
    followUps: {
      runNow: (keys) => (overrides.followUpsAfterCommit === false ? Promise.resolve() : runFollowUpsNow(deps, keys)),
    },
  };
  return deps;
}

/**
 * Before a local request or job reads the time: the local-only clock offset setting, re-read at
 * most once a second. Nothing happens in production or when the caller brought its own clock.
 */
export async function prepareClock(deps: Deps): Promise<void> {
  if (deps.clock === localClock) await syncLocalClock(deps.db);
}

const byContext = new WeakMap<object, Deps>();

/**
 * The page pipeline hands the deps it built for a request to Astro through the request's
 * execution context, which the adapter exposes as `Astro.locals.cfContext`.
 */
export function handDepsToPage(ctx: ExecutionContext, deps: Deps) {
  byContext.set(ctx, deps);
}

/** The deps the worker built for this page's request, or new ones (a build-time render). */
export function pageDeps(ctx: ExecutionContext | undefined, env: Bindings): Deps {
  return (ctx && byContext.get(ctx)) ?? createDeps(env, ctx ? { schedule: ctx.waitUntil.bind(ctx) } : {});
}
