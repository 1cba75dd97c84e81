import type { Chain } from 'viem';
import { base, baseSepolia, hardhat } from './definitions';
import { BASE_ID, BASE_SEPOLIA_ID, type ChainInfo, type ChainList, LOCAL_CHAIN_ID } from './info';

/** Every chain the app knows, described from viem's own definitions. */
const KNOWN: Record<number, Chain> = { [BASE_SEPOLIA_ID]: baseSepolia, [BASE_ID]: base, [LOCAL_CHAIN_ID]: hardhat };

export function toChainInfo(chain: Chain): ChainInfo {
  return {
    id: chain.id,
    name: chain.name,
    rpc: chain.rpcUrls.default.http[0] ?? '',
    nativeCurrency: { ...chain.nativeCurrency },
    blockExplorers: Object.values(chain.blockExplorers ?? {}).map(({ name, url, apiUrl }) => ({
      name,
      url,
      ...(apiUrl ? { apiUrl } : {}),
    })),
    testnet: chain.testnet ?? chain.id === LOCAL_CHAIN_ID,
  };
}

/**
 * The chains this deployment works with: Base Sepolia (the default) and Base everywhere, and the
 * local Hardhat node only with ENVIRONMENT=local. Settings that choose another default chain or RPC
 * address belong here, so the API, the wallet picker and linking all follow them.
 */
export function configuredChains(env: { ENVIRONMENT: string }): ChainList {
  const ids = env.ENVIRONMENT === 'local' ? [BASE_SEPOLIA_ID, BASE_ID, LOCAL_CHAIN_ID] : [BASE_SEPOLIA_ID, BASE_ID];
  const chains = ids.map((id) => toChainInfo(KNOWN[id] as Chain));
  return { defaultChainId: BASE_SEPOLIA_ID, chains };
}
