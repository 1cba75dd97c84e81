/**
 * What this browser remembers of its wallets, in local storage: the connected wallet ids (EIP-6963
 * rdns, stable across visits), the active wallet id, the active chain and per-wallet connect
 * parameters (plain JSON). Kept apart from the wallet store so the header can read it without
 * loading any wallet code.
 */
export interface WalletMemory {
  connectedWalletIds: string[];
  activeWalletId: string | null;
  activeChainId: number | null;
  params: Record<string, { chainId: number | null }>;
}

export const WALLET_MEMORY_KEY = 'reelfund.wallet';

const EMPTY: WalletMemory = { connectedWalletIds: [], activeWalletId: null, activeChainId: null, params: {} };

export function readWalletMemory(): WalletMemory {
  try {
    const raw = localStorage.getItem(WALLET_MEMORY_KEY);
    if (!raw) return EMPTY;
    const v = JSON.parse(raw) as Partial<WalletMemory>;
    return {
      connectedWalletIds: Array.isArray(v.connectedWalletIds)
        ? v.connectedWalletIds.filter((id) => typeof id === 'string')
        : [],
      activeWalletId: typeof v.activeWalletId === 'string' ? v.activeWalletId : null,
      activeChainId: typeof v.activeChainId === 'number' ? v.activeChainId : null,
      params: v.params && typeof v.params === 'object' ? v.params : {},
    };
  } catch {
    return EMPTY;
  }
}

export function writeWalletMemory(memory: WalletMemory) {
  try {
    if (memory.connectedWalletIds.length === 0) localStorage.removeItem(WALLET_MEMORY_KEY);
    else localStorage.setItem(WALLET_MEMORY_KEY, JSON.stringify(memory));
  } catch {
    /* storage may be full or blocked: the connection still works for this visit */
  }
}
