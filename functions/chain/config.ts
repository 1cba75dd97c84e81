import { type Address, type Chain, getAddress, getContractAddress, type Hex } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { base, baseSepolia, hardhat } from '../domain/chains/definitions';
import { BASE_ID, BASE_SEPOLIA_ID, LOCAL_CHAIN_ID } from '../domain/chains/info';
import { HARDHAT_DEV_KEYS } from './dev-keys';

/** The chains a coin may be deployed on: Base Sepolia and Base; the Hardhat node only locally. */
export const COIN_CHAINS: Readonly<Record<number, Chain>> = {
  [BASE_SEPOLIA_ID]: baseSepolia,
  [BASE_ID]: base,
  [LOCAL_CHAIN_ID]: hardhat,
};

/** Where the local chain's node listens (`npm start` starts it there). */
export const LOCAL_RPC_URL = 'http://127.0.0.1:8545';

/** The settings a deployment's coins need (docs/coins.md, "Configuration"). */
export interface CoinsConfig {
  chain: Chain;
  rpcUrl: string;
  deployerKey: Hex;
  deployer: Address;
  treasury: Address;
  factory: Address;
  usdc: Address;
  /** How far behind the head the coin indexer stays: blocks, or the chain's `safe` block (docs/coins.md, "The index"). */
  confirmations: number | 'safe';
}

export interface CoinsEnv {
  ENVIRONMENT: 'local' | 'production';
  COINS_ENABLED: boolean;
  CHAIN_ID: number;
  RPC_URL?: string;
  DEPLOYER_PRIVATE_KEY?: string;
  PLATFORM_TREASURY_ADDRESS?: string;
  COIN_FACTORY_ADDRESS?: string;
  USDC_ADDRESS?: string;
  COIN_INDEX_CONFIRMATIONS?: number | 'safe';
}

/** The settings that a chain other than the local one must be given (none has a default). */
export const REQUIRED_COIN_SETTINGS = [
  'RPC_URL',
  'DEPLOYER_PRIVATE_KEY',
  'PLATFORM_TREASURY_ADDRESS',
  'COIN_FACTORY_ADDRESS',
  'USDC_ADDRESS',
] as const;

/** True when the key is one of Hardhat's public development keys (any spelling). */
export const isDevKey = (key: string) => (HARDHAT_DEV_KEYS as readonly string[]).includes(key.toLowerCase());

/** Whether a setting has a default here: only the local chain of a local server has them. */
export const hasLocalDefaults = (env: Pick<CoinsEnv, 'ENVIRONMENT' | 'CHAIN_ID'>) =>
  env.ENVIRONMENT === 'local' && env.CHAIN_ID === LOCAL_CHAIN_ID;

/**
 * The coins configuration of a validated environment, or null when coins are off. On the local chain
 * the deployer is Hardhat's first account, the treasury its second, and the factory and TestUSDC sit
 * where the deployer's first two transactions put them (functions/chain/deploy.ts).
 */
export function coinsConfigOf(env: CoinsEnv): CoinsConfig | null {
  if (!env.COINS_ENABLED) return null;
  const chain = COIN_CHAINS[env.CHAIN_ID];
  if (!chain) throw new Error(`CHAIN_ID ${env.CHAIN_ID} is not a coin chain`);
  const local = hasLocalDefaults(env);
  const deployerKey = (env.DEPLOYER_PRIVATE_KEY ?? (local ? HARDHAT_DEV_KEYS[0] : undefined)) as Hex | undefined;
  if (!deployerKey) throw new Error('DEPLOYER_PRIVATE_KEY is required');
  const deployer = privateKeyToAddress(deployerKey);
  // As localChainAddresses in ./deploy (not imported: it would bring the contracts' bytecode into every config read).
  const defaults = local
    ? {
        usdc: getContractAddress({ from: deployer, nonce: 0n }),
        factory: getContractAddress({ from: deployer, nonce: 1n }),
      }
    : undefined;
  const pick = (value: string | undefined, fallback: string | undefined, name: string): Address => {
    const v = value ?? fallback;
    if (!v) throw new Error(`${name} is required`);
    return getAddress(v);
  };
  return {
    chain,
    rpcUrl: env.RPC_URL ?? (local ? LOCAL_RPC_URL : pick(undefined, undefined, 'RPC_URL')),
    deployerKey,
    deployer,
    treasury: pick(
      env.PLATFORM_TREASURY_ADDRESS,
      local ? privateKeyToAddress(HARDHAT_DEV_KEYS[1]) : undefined,
      'PLATFORM_TREASURY_ADDRESS',
    ),
    factory: pick(env.COIN_FACTORY_ADDRESS, defaults?.factory, 'COIN_FACTORY_ADDRESS'),
    usdc: pick(env.USDC_ADDRESS, defaults?.usdc, 'USDC_ADDRESS'),
    confirmations: env.COIN_INDEX_CONFIRMATIONS ?? (chain.id === LOCAL_CHAIN_ID ? 0 : 'safe'),
  };
}
