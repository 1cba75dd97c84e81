import { isAddress } from 'viem';
import { z } from 'zod';
import { type CoinsConfig, coinsConfigOf, hasLocalDefaults, isDevKey, REQUIRED_COIN_SETTINGS } from './chain/config';
import type { DbEnv } from './db/client';
import { configuredChains } from './domain/chains/configured';
import { BASE_ID, BASE_SEPOLIA_ID, type ChainList, LOCAL_CHAIN_ID } from './domain/chains/info';
import { DEFAULT_UPLOAD_MAX_BYTES, MAX_UPLOAD_BYTES_CEILING } from './domain/films/upload-plan';
import type { CampaignChannelRpc, CoinDeployerRpc, CoinIndexerRpc, Namespace, UserChannelRpc } from './durable-objects';
import { paymentsTestModeOf } from './payments/mode';
import { SOCKETS_PER_ACCOUNT } from './realtime/protocol';

/** The worker's bindings and environment variables, typed once. */
export interface Bindings extends DbEnv {
  ENVIRONMENT: string;
  PUBLIC_URL: string;
  KV: KVNamespace;
  MEDIA: R2Bucket;
  ASSETS: Fetcher;
  USER_CHANNEL: Namespace<UserChannelRpc>;
  CAMPAIGN_CHANNEL: Namespace<CampaignChannelRpc>;
  COIN_DEPLOYER?: Namespace<CoinDeployerRpc>;
  COIN_INDEXER?: Namespace<CoinIndexerRpc>;
  /** Creator coins (docs/coins.md, "Configuration"): "true" switches them on. */
  COINS_ENABLED?: string;
  CHAIN_ID?: string;
  RPC_URL?: string;
  DEPLOYER_PRIVATE_KEY?: string;
  PLATFORM_TREASURY_ADDRESS?: string;
  COIN_FACTORY_ADDRESS?: string;
  USDC_ADDRESS?: string;
  /** Blocks the coin indexer stays behind the head, or `safe` (docs/coins.md, "The index"). */
  COIN_INDEX_CONFIRMATIONS?: string;
  AUTH_SECRET?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  /** Largest video a creator may upload, in bytes (default 2 GB). */
  UPLOAD_MAX_BYTES?: string;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_CONNECT_WEBHOOK_SECRET?: string;
  /** The film importer's one allowed host:port, for its fixture server in tests (docs/film-import.md); refused in production. */
  SCRAPER_TEST_ALLOW?: string;
  /** Workers AI, for the film importer's synopsis; used in production only (docs/film-import.md, "Synopsis"). */
  AI?: AiBinding;
}

/** The part of the Workers AI binding the importer uses: one text-generation call. */
export interface AiBinding {
  run(
    model: string,
    input: { messages: { role: 'system' | 'user'; content: string }[]; max_tokens?: number },
  ): Promise<unknown>;
}

const secret = z.string().min(32, 'must be at least 32 characters');
const webhookSecret = z.string().startsWith('whsec_', 'must be a Stripe webhook signing secret (whsec_…)');

const address = z
  .string()
  .refine((v) => isAddress(v), 'must be an address (0x and 40 hex digits, lowercase or checksummed)');
const flag = z
  .enum(['true', 'false'], 'must be true or false')
  .default('false')
  .transform((v) => v === 'true');

const perWindow = (fallback: number) => z.coerce.number().int().positive().max(100_000).default(fallback);

const common = z.object({
  PUBLIC_URL: z.url(),
  /** Per-address flood limits of sign-up and sign-in (per minute); the per-account failure limit is separate. */
  AUTH_SIGN_UP_PER_MINUTE: perWindow(20),
  AUTH_SIGN_IN_PER_MINUTE: perWindow(60),
  /** Per-address limits counted in the database (cf-connecting-ip); the tests' shared server lifts them. */
  AUTH_SIGN_UP_PER_HOUR: perWindow(10),
  CHECKOUTS_PER_MINUTE_PER_ADDRESS: perWindow(10),
  CHECKOUTS_PER_MINUTE_PER_CAMPAIGN: perWindow(60),
  SHORT_LINKS_PER_HOUR_PER_ADDRESS: perWindow(20),
  /** Creator applications (/apply) per address an hour, and per email a day, counted in the database. */
  APPLICATIONS_PER_HOUR_PER_ADDRESS: perWindow(10),
  APPLICATIONS_PER_DAY_PER_EMAIL: perWindow(3),
  /** Open film-page sockets one address may hold on one campaign (the bench and the tests' server lift it). */
  CAMPAIGN_SOCKETS_PER_ADDRESS: perWindow(4),
  /** Open sockets of one account (its tabs' bells); one more closes the oldest (the bench lifts it). */
  SOCKETS_PER_ACCOUNT: perWindow(SOCKETS_PER_ACCOUNT),
  DATABASE_URL: z
    .string()
    .regex(/^(libsql|https?):\/\//, 'must be a libsql:// or https:// URL')
    .optional(),
  DATABASE_AUTH_TOKEN: z.string().min(1).optional(),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int('must be a whole number of bytes')
    .positive()
    .max(MAX_UPLOAD_BYTES_CEILING, 'is above what 10,000 upload parts can carry')
    .default(DEFAULT_UPLOAD_MAX_BYTES),
  COINS_ENABLED: flag,
  RPC_URL: z.url().optional(),
  DEPLOYER_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a private key (0x and 64 hex digits)')
    .optional(),
  PLATFORM_TREASURY_ADDRESS: address.optional(),
  COIN_FACTORY_ADDRESS: address.optional(),
  USDC_ADDRESS: address.optional(),
  COIN_INDEX_CONFIRMATIONS: z
    .union([z.literal('safe'), z.coerce.number().int().min(0).max(10_000)], {
      error: 'must be safe or a number of blocks',
    })
    .optional(),
});

const chainId = (ids: number[], fallback: number) =>
  z.coerce
    .number()
    .refine((id) => ids.includes(id), `must be one of ${ids.join(', ')}`)
    .default(fallback);

// Local: development defaults for secrets are allowed and labelled as such.
const local = common.extend({
  ENVIRONMENT: z.literal('local'),
  // The local Hardhat node that `npm start` runs, unless a public chain is configured.
  CHAIN_ID: chainId([LOCAL_CHAIN_ID, BASE_SEPOLIA_ID, BASE_ID], LOCAL_CHAIN_ID),
  AUTH_SECRET: secret.default('local-development-secret-not-for-production-use'),
  MAIL_API_URL: z.url().optional(),
  MAIL_API_KEY: z.string().optional(),
  MAIL_FROM: z.string().default('Reelfund <no-reply@reelfund.local>'),
  // Without a key, payments run in TEST mode (functions/payments/stripe.ts); a key here must be a test key.
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_test_/, 'must be a Stripe test key (sk_test_… or rk_test_…) locally')
    .optional(),
  STRIPE_WEBHOOK_SECRET: webhookSecret.optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: webhookSecret.optional(),
  // The film importer's fixture server (tests only): exactly this host:port passes its address rules.
  SCRAPER_TEST_ALLOW: z
    .string()
    .regex(/^[a-z0-9.-]+:\d{1,5}$/i, "must be one host:port (the tests' fixture server)")
    .optional(),
});

// Production: every secret is required; a missing one stops start-up.
const production = common.extend({
  ENVIRONMENT: z.literal('production'),
  CHAIN_ID: chainId([BASE_SEPOLIA_ID, BASE_ID], BASE_SEPOLIA_ID),
  PUBLIC_URL: z.url().startsWith('https://', 'must be https in production'),
  AUTH_SECRET: secret,
  MAIL_API_URL: z.url(),
  MAIL_API_KEY: z.string().min(1),
  MAIL_FROM: z.string().min(3),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_(live|test)_/, 'must be a Stripe secret key (sk_live_… or sk_test_…)'),
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_CONNECT_WEBHOOK_SECRET: webhookSecret,
  // A test-only exception to the film importer's address rules never reaches production.
  SCRAPER_TEST_ALLOW: z.undefined('is a test-only setting: production refuses to start with it').optional(),
});

const schema = z
  .discriminatedUnion('ENVIRONMENT', [local, production])
  .refine((e) => !e.DATABASE_URL || e.ENVIRONMENT === 'local' || e.DATABASE_AUTH_TOKEN, {
    message: 'DATABASE_AUTH_TOKEN is required with DATABASE_URL in production',
    path: ['DATABASE_AUTH_TOKEN'],
  })
  // Real Stripe locally signs its events with the secret `stripe listen` prints; TEST mode has its own.
  .refine((e) => !e.STRIPE_SECRET_KEY || e.STRIPE_WEBHOOK_SECRET, {
    message: 'STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY (locally: `stripe listen --print-secret`)',
    path: ['STRIPE_WEBHOOK_SECRET'],
  })
  // Coins on a public chain need every chain setting; production never signs with a publicly known key.
  .superRefine((e, ctx) => {
    if (!e.COINS_ENABLED) return;
    if (!hasLocalDefaults(e))
      for (const key of REQUIRED_COIN_SETTINGS)
        if (!e[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when COINS_ENABLED is true' });
    if (e.ENVIRONMENT === 'production' && e.DEPLOYER_PRIVATE_KEY && isDevKey(e.DEPLOYER_PRIVATE_KEY))
      ctx.addIssue({
        code: 'custom',
        path: ['DEPLOYER_PRIVATE_KEY'],
        message: "is one of Hardhat's public development keys: anyone can spend from it",
      });
  });

export type Config = z.infer<typeof schema> & {
  isLocal: boolean;
  /** Local with no Stripe key: the SDK talks to the local TEST responder (functions/payments/test-mode). */
  paymentsTestMode: boolean;
  /** The chains wallets may use and link on (the first is the default). */
  chains: ChainList;
  /** Creator coins' chain, keys and contracts; null when COINS_ENABLED is not true. */
  coins: CoinsConfig | null;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Validates the environment; throws ConfigError naming every missing or invalid setting. */
export function parseConfig(env: Record<string, unknown>): Config {
  const input = Object.fromEntries(Object.entries(env).filter(([, v]) => typeof v === 'string' && v !== ''));
  const result = schema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.') || 'ENVIRONMENT'}: ${i.message}`);
    throw new ConfigError(`Invalid environment — ${problems.join('; ')}`);
  }
  return {
    ...result.data,
    isLocal: result.data.ENVIRONMENT === 'local',
    paymentsTestMode: paymentsTestModeOf(result.data),
    chains: configuredChains(result.data),
    coins: coinsConfigOf(result.data),
  };
}

const configs = new WeakMap<object, Config>();

/** The validated configuration for this isolate's env (parsed once, then reused). */
export function getConfig(env: Bindings): Config {
  let config = configs.get(env);
  if (!config) {
    config = parseConfig(env as unknown as Record<string, unknown>);
    configs.set(env, config);
  }
  return config;
}
