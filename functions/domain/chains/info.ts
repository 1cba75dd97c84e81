/**
 * A chain as the app describes it to the browser: id, name, RPC address, native currency, block
 * explorers and whether it is a test network. Plain JSON, so the page and the wallet code can use it
 * without the server's chain definitions.
 */
export interface ChainInfo {
  id: number;
  name: string;
  rpc: string;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  blockExplorers: { name: string; url: string; apiUrl?: string }[];
  testnet: boolean;
}

/** The chains the app works with, the first being the default; what GET /api/wallets/chains answers. */
export interface ChainList {
  defaultChainId: number;
  chains: ChainInfo[];
}

export const BASE_SEPOLIA_ID = 84532;
export const BASE_ID = 8453;
/** Hardhat's local node: offered only when ENVIRONMENT=local. */
export const LOCAL_CHAIN_ID = 31337;

/** Names of the chains the app knows (the same as viem's definitions; a unit test keeps them equal). */
export const KNOWN_CHAIN_NAMES: Readonly<Record<number, string>> = {
  [BASE_SEPOLIA_ID]: 'Base Sepolia',
  [BASE_ID]: 'Base',
  [LOCAL_CHAIN_ID]: 'Hardhat',
};

/** A chain's name from a list (or the known chains), or its id when neither has it. */
export function chainName(chains: readonly Pick<ChainInfo, 'id' | 'name'>[], id: number): string {
  return chains.find((c) => c.id === id)?.name ?? KNOWN_CHAIN_NAMES[id] ?? `Chain ${id}`;
}
