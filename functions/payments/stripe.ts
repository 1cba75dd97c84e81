import Stripe from 'stripe';
import type { Config } from '../env';
import type { EventTarget, TestStripe } from './test-mode/actions';
import { deliverEvents } from './test-mode/deliver';
import { testModeFetch } from './test-mode/responder';
import { TestStore } from './test-mode/store';

/** Our two webhook endpoints: the platform's own events, and events about connected accounts. */
export const WEBHOOK_PATHS: Record<EventTarget, string> = {
  platform: '/api/webhooks/stripe',
  connect: '/api/webhooks/stripe-connect',
};

/** TEST mode signs its events with these, and the webhook endpoints verify with them. Local only. */
export const LOCAL_WEBHOOK_SECRETS: Record<EventTarget, string> = {
  platform: 'whsec_local_platform',
  connect: 'whsec_local_connect',
};

/** The API key the SDK sends to the TEST responder (it answers only test keys). */
const TEST_MODE_KEY = 'sk_test_reelfund_local_test_mode';

/** Runs work after the response is sent (ExecutionContext.waitUntil), or simply lets it run. */
export type Schedule = (work: Promise<unknown>) => void;
export const detached: Schedule = (work) => void work.catch((err) => console.error('background work failed:', err));

export interface Payments {
  /** Always the Stripe SDK; in TEST mode its HTTP client answers locally. */
  stripe: Stripe;
  testMode: boolean;
  webhookSecrets: Record<EventTarget, string>;
  /** TEST mode only: the local responder's state and event emitter, for the hosted TEST pages. */
  testStripe: TestStripe | null;
}

/**
 * TEST mode's fake Stripe: its state in the local KV, and an emitter that signs events and POSTs
 * them to our own webhook endpoints (PUBLIC_URL + path) as background work.
 */
function testStripe(config: Config, kv: KVNamespace, schedule: Schedule): TestStripe {
  const secrets = webhookSecrets(config);
  const endpoints = {
    platform: { url: new URL(WEBHOOK_PATHS.platform, config.PUBLIC_URL).href, secret: secrets.platform },
    connect: { url: new URL(WEBHOOK_PATHS.connect, config.PUBLIC_URL).href, secret: secrets.connect },
  };
  return {
    store: new TestStore(kv),
    publicUrl: config.PUBLIC_URL.replace(/\/$/, ''),
    emit: (events, target) => schedule(deliverEvents(events, target, endpoints)),
  };
}

/** Which secret verifies each endpoint's events. Production requires both (functions/env.ts). */
export function webhookSecrets(config: Config): Record<EventTarget, string> {
  // `stripe listen` signs platform and Connect events with one secret; TEST mode has fixed ones.
  const platform = config.STRIPE_WEBHOOK_SECRET ?? LOCAL_WEBHOOK_SECRETS.platform;
  const connect =
    config.STRIPE_CONNECT_WEBHOOK_SECRET ?? (config.STRIPE_SECRET_KEY ? platform : LOCAL_WEBHOOK_SECRETS.connect);
  return { platform, connect };
}

/**
 * The payments client, built by the service factory only (deps.payments / deps.stripe).
 * With a key it is Stripe itself; locally without one, TEST mode: only the SDK's HTTP client
 * changes, to the local responder, whose events are signed and POSTed to our own webhook endpoints
 * (PUBLIC_URL + path) after the response, via `schedule`.
 */
export function buildPayments(config: Config, kv: KVNamespace | null, schedule: Schedule = detached): Payments {
  const secrets = webhookSecrets(config);
  if (config.STRIPE_SECRET_KEY) {
    return {
      stripe: new Stripe(config.STRIPE_SECRET_KEY, { httpClient: Stripe.createFetchHttpClient() }),
      testMode: false,
      webhookSecrets: secrets,
      testStripe: null,
    };
  }
  if (!config.paymentsTestMode) throw new Error('STRIPE_SECRET_KEY is required outside ENVIRONMENT=local');
  if (!kv) throw new Error('TEST mode payments keep their state in KV: no KV binding here');
  const fake = testStripe(config, kv, schedule);
  const stripe = new Stripe(TEST_MODE_KEY, {
    httpClient: Stripe.createFetchHttpClient(testModeFetch(fake)),
    // Nothing to retry against: the responder answers in-process.
    maxNetworkRetries: 0,
  });
  return { stripe, testMode: true, webhookSecrets: secrets, testStripe: fake };
}
