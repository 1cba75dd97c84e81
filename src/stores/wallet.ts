import { createStore as createProviderStore, type EIP6963ProviderDetail } from 'mipd';
import { atom, computed } from 'nanostores';
import { type Address, createWalletClient, custom, defineChain, type EIP1193Provider, getAddress } from 'viem';
import type { ChainInfo, ChainList } from '../../functions/domain/chains/info';
import { fillText } from '../../functions/domain/fill-text';
import { shortAddress } from '../../functions/domain/wallets/address';
import { WALLET_TEXT } from '../../functions/domain/wallets/texts';
import { api, call } from '../lib/api-client';
import { readWalletMemory, type WalletMemory, writeWalletMemory } from '../lib/wallet-memory';

/**
 * The browser's wallets: injected wallets found through EIP-6963,
 * the connected ones, the active wallet, account and chain; remembered in local storage and restored
 * without a prompt (eth_accounts) on the next visit. Loaded only when someone opens the wallet.
 */
export type WalletStatus = 'unknown' | 'connected' | 'disconnected';

export interface WalletOption {
  /** The wallet's reverse-DNS id (EIP-6963 rdns): stable across visits, unlike its uuid. */
  id: string;
  name: string;
  icon: string;
}

export interface ConnectedWallet {
  id: string;
  accounts: Address[];
  chainId: number | null;
}

export interface WalletState {
  status: WalletStatus;
  connected: ConnectedWallet[];
  activeWalletId: string | null;
}

export const $walletOptions = atom<WalletOption[]>([]);
export const $wallet = atom<WalletState>({ status: 'unknown', connected: [], activeWalletId: null });
export const $chains = atom<ChainList | null>(null);

export const $activeWallet = computed($wallet, (s) => s.connected.find((w) => w.id === s.activeWalletId) ?? null);
export const $activeAccount = computed($activeWallet, (w) => w?.accounts[0] ?? null);
/** What the header's wallet button says. */
export const $walletLabel = computed($activeAccount, (a) => (a ? shortAddress(a) : 'Wallet'));

/** A failed wallet action, with the text to show the person. */
export class WalletError extends Error {
  override name = 'WalletError';
}

const providers = new Map<string, EIP1193Provider>();
const watched = new Set<string>();
const restoring = new Map<string, Promise<void>>();
let started: Promise<void> | null = null;

const clientOf = (provider: EIP1193Provider) => createWalletClient({ transport: custom(provider) });

/** The EIP-1193 / JSON-RPC error code of a failure, however the wallet or viem wrapped it. */
export function rpcCode(err: unknown): number | null {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const o = e as { code?: unknown; data?: { originalError?: { code?: unknown } }; cause?: unknown };
    const nested = o.data?.originalError?.code;
    if (typeof nested === 'number') return nested;
    if (typeof o.code === 'number') return o.code;
    e = o.cause;
  }
  return null;
}

function failure(err: unknown, fallback: string): WalletError {
  if (err instanceof WalletError) return err;
  if (rpcCode(err) === 4001) return new WalletError(WALLET_TEXT.walletRequestDeclined);
  return new WalletError(fallback);
}

function remember() {
  const s = $wallet.get();
  const active = s.connected.find((w) => w.id === s.activeWalletId);
  const memory: WalletMemory = {
    connectedWalletIds: s.connected.map((w) => w.id),
    activeWalletId: s.activeWalletId,
    activeChainId: active?.chainId ?? null,
    params: Object.fromEntries(s.connected.map((w) => [w.id, { chainId: w.chainId }])),
  };
  writeWalletMemory(memory);
}

function setConnected(connected: ConnectedWallet[], activeWalletId: string | null) {
  const active = connected.some((w) => w.id === activeWalletId) ? activeWalletId : (connected[0]?.id ?? null);
  $wallet.set({ status: connected.length ? 'connected' : 'disconnected', connected, activeWalletId: active });
  remember();
}

function update(id: string, change: (w: ConnectedWallet) => ConnectedWallet | null) {
  const s = $wallet.get();
  const connected = s.connected.flatMap((w) => {
    if (w.id !== id) return [w];
    const next = change(w);
    return next ? [next] : [];
  });
  setConnected(connected, s.activeWalletId);
}

const toChainId = (hex: unknown) => (typeof hex === 'string' || typeof hex === 'number' ? Number(hex) : null);

/** Follows the wallet's own changes: another account, another chain, or a disconnection. */
function watch(id: string, provider: EIP1193Provider) {
  if (watched.has(id)) return;
  watched.add(id);
  provider.on('accountsChanged', (accounts: readonly string[]) => {
    update(id, (w) => (accounts.length ? { ...w, accounts: accounts.map((a) => getAddress(a)) } : null));
  });
  provider.on('chainChanged', (chainId: string) => update(id, (w) => ({ ...w, chainId: toChainId(chainId) })));
  provider.on('disconnect', () => update(id, () => null));
}

async function readConnection(id: string, provider: EIP1193Provider, prompt: boolean): Promise<ConnectedWallet | null> {
  const client = clientOf(provider);
  const accounts = prompt ? await client.requestAddresses() : await client.getAddresses();
  if (accounts.length === 0) return null;
  const chainId = await client.getChainId().catch(() => null);
  watch(id, provider);
  return { id, accounts: accounts.map((a) => getAddress(a)), chainId };
}

/** Reconnects a remembered wallet only if it still grants this site its accounts (no prompt). */
async function restoreOne(id: string, provider: EIP1193Provider) {
  const memory = readWalletMemory();
  if (!memory.connectedWalletIds.includes(id) || $wallet.get().connected.some((w) => w.id === id)) return;
  const wallet = await readConnection(id, provider, false).catch(() => null);
  const s = $wallet.get();
  if (wallet) setConnected([...s.connected.filter((w) => w.id !== id), wallet], memory.activeWalletId ?? id);
}

function register(detail: EIP6963ProviderDetail) {
  const { info } = detail;
  if (!info?.rdns || providers.has(info.rdns)) return;
  const provider = detail.provider as unknown as EIP1193Provider;
  providers.set(info.rdns, provider);
  const icon = typeof info.icon === 'string' && info.icon.startsWith('data:image/') ? info.icon : '';
  $walletOptions.set([...$walletOptions.get(), { id: info.rdns, name: info.name || info.rdns, icon }]);
  restoring.set(info.rdns, restoreOne(info.rdns, provider));
}

async function loadChains() {
  try {
    $chains.set((await call(api.wallets.chains.$get())) as ChainList);
  } catch {
    /* the picker then shows chain ids instead of names */
  }
}

/**
 * Starts discovery (EIP-6963) and restores the remembered wallets; idempotent. Wallets answer the
 * discovery request at once, so when it resolves every remembered wallet that is present was tried.
 */
export function startWallets(): Promise<void> {
  started ??= (async () => {
    const chains = loadChains();
    const store = createProviderStore();
    for (const detail of store.getProviders()) register(detail);
    store.subscribe((_all, meta) => {
      for (const detail of meta?.added ?? []) register(detail);
    });
    const memory = readWalletMemory();
    await Promise.all(restoring.values());
    if ($wallet.get().status === 'unknown') setConnected($wallet.get().connected, memory.activeWalletId);
    await chains;
  })();
  return started;
}

/** Connects a wallet (the wallet asks the person) and makes it the active one. */
export async function connectWallet(id: string): Promise<ConnectedWallet> {
  const provider = providers.get(id);
  if (!provider) throw new WalletError(WALLET_TEXT.noActiveWallet);
  let wallet: ConnectedWallet | null;
  try {
    wallet = await readConnection(id, provider, true);
  } catch (err) {
    throw failure(err, WALLET_TEXT.walletFailed);
  }
  if (!wallet) throw new WalletError(WALLET_TEXT.walletWithoutAccount);
  const s = $wallet.get();
  setConnected([...s.connected.filter((w) => w.id !== id), wallet], id);
  return wallet;
}

/** Makes a connected wallet the active one; a wallet without an account cannot be. */
export function setActiveWallet(id: string) {
  const s = $wallet.get();
  const wallet = s.connected.find((w) => w.id === id);
  if (!wallet || wallet.accounts.length === 0) throw new WalletError(WALLET_TEXT.walletWithoutAccount);
  setConnected(s.connected, id);
}

/** Forgets a wallet here (the active one by default); the wallet may also drop this site's permission. */
export async function disconnectWallet(id = $wallet.get().activeWalletId) {
  if (!id) throw new WalletError(WALLET_TEXT.noActiveWallet);
  const provider = providers.get(id);
  const s = $wallet.get();
  setConnected(
    s.connected.filter((w) => w.id !== id),
    s.activeWalletId === id ? null : s.activeWalletId,
  );
  // Best effort: not every wallet knows this request, and forgetting it here is what counts.
  await provider
    ?.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] } as never)
    .catch(() => undefined);
}

function viemChain(chain: ChainInfo) {
  const explorer = chain.blockExplorers[0];
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [chain.rpc] } },
    ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
    testnet: chain.testnet,
  });
}

/** Errors that mean "this wallet cannot switch chains" rather than "something went wrong". */
const CANNOT_SWITCH = new Set([4200, -32601, -32004]);

/**
 * Switches the active wallet to `chainId` with the wallet's own request; a wallet that does not know
 * the chain (4902) is asked to add it. A wallet that cannot switch says so in the product's own text.
 */
export async function switchChain(chainId: number) {
  const active = $activeWallet.get();
  if (!active) {
    throw new WalletError(
      $wallet.get().activeWalletId ? WALLET_TEXT.switchWithoutConnection : WALLET_TEXT.noActiveWallet,
    );
  }
  const provider = providers.get(active.id);
  if (!provider) throw new WalletError(WALLET_TEXT.switchWithoutConnection);
  const client = clientOf(provider);
  const chain = $chains.get()?.chains.find((c) => c.id === chainId);
  try {
    try {
      await client.switchChain({ id: chainId });
    } catch (err) {
      if (rpcCode(err) !== 4902 || !chain) throw err;
      await client.addChain({ chain: viemChain(chain) });
      if ((await client.getChainId()) !== chainId) await client.switchChain({ id: chainId });
    }
  } catch (err) {
    const code = rpcCode(err);
    if (code !== null && CANNOT_SWITCH.has(code)) throw new WalletError(WALLET_TEXT.walletCannotSwitchChain);
    throw failure(err, WALLET_TEXT.walletCannotSwitchChain);
  }
  const now = await client.getChainId().catch(() => chainId);
  update(active.id, (w) => ({ ...w, chainId: now }));
}

/** The active wallet's account signs a text message (personal_sign); used to link a wallet. */
export async function signWithActiveWallet(message: string) {
  const active = $activeWallet.get();
  const account = active?.accounts[0];
  const provider = active ? providers.get(active.id) : undefined;
  if (!active || !account || !provider) throw new WalletError(WALLET_TEXT.noActiveWallet);
  try {
    return await clientOf(provider).signMessage({ account, message });
  } catch (err) {
    throw failure(err, WALLET_TEXT.walletFailed);
  }
}

/** The EIP-1193 provider of the active wallet (null without one): the coins page reads and sends through it. */
export function activeProvider(): EIP1193Provider | null {
  const active = $activeWallet.get();
  return active ? (providers.get(active.id) ?? null) : null;
}

/** The configured chains' names, for messages. */
export function chainNames(): string {
  return ($chains.get()?.chains ?? []).map((c) => c.name).join(', ');
}

export const unsupportedChainMessage = () => fillText(WALLET_TEXT.walletUnsupportedChain, { chains: chainNames() });
