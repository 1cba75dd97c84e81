import type { BrowserContext } from 'playwright-core';
import type { Hex, LocalAccount } from 'viem';

/** One simulated browser-wallet extension: what it announces and what it will do. */
export interface TestWalletSpec {
  rdns: string;
  name: string;
  /** The chain it starts on. */
  chainId: number;
  /** Chains it knows without being asked to add them. */
  knownChains: number[];
  /** false: answers wallet_switchEthereumChain with 4200 (unsupported), like some wallets do. */
  canSwitch: boolean;
  /** true: a locked wallet that answers eth_requestAccounts with no account. */
  locked?: boolean;
}

const ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzZmYjZmZiIvPjwvc3ZnPg==';

/**
 * Injects EIP-6963 wallets into every page of `context`: each announces itself on
 * eip6963:announceProvider and answers EIP-1193 requests as an extension would. The only thing
 * simulated is the extension; signatures are real, made in Node by `account` (viem).
 * Grants and the current chain persist in the page's local storage, as an extension keeps them.
 */
export async function injectTestWallets(context: BrowserContext, account: LocalAccount, wallets: TestWalletSpec[]) {
  await context.exposeFunction('__testWalletSign', async (raw: Hex) => account.signMessage({ message: { raw } }));
  await context.addInitScript(
    ({ wallets, address, icon }) => {
      type Listener = (...args: unknown[]) => void;
      const w = window as unknown as {
        __walletCalls: { rdns: string; method: string }[];
        __walletAdded: { rdns: string; chainId: string }[];
        __testWalletSign: (raw: string) => Promise<string>;
      };
      w.__walletCalls = [];
      w.__walletAdded = [];
      const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code });
      for (const spec of wallets) {
        const key = (k: string) => `__testwallet:${spec.rdns}:${k}`;
        const granted = () => localStorage.getItem(key('granted')) === 'true';
        const chainId = () => Number(localStorage.getItem(key('chain')) ?? spec.chainId);
        const known = () =>
          JSON.parse(localStorage.getItem(key('known')) ?? JSON.stringify(spec.knownChains)) as number[];
        const listeners = new Map<string, Set<Listener>>();
        const emit = (event: string, ...args: unknown[]) => {
          for (const fn of listeners.get(event) ?? []) fn(...args);
        };
        const hex = (n: number) => `0x${n.toString(16)}`;
        const provider = {
          async request({ method, params }: { method: string; params?: unknown[] }) {
            w.__walletCalls.push({ rdns: spec.rdns, method });
            switch (method) {
              case 'eth_requestAccounts':
                if (spec.locked) return [];
                localStorage.setItem(key('granted'), 'true');
                return [address];
              case 'eth_accounts':
                return granted() ? [address] : [];
              case 'eth_chainId':
                return hex(chainId());
              case 'personal_sign': {
                if (!granted()) throw rpcError(4100, 'Unauthorized');
                const [raw, signer] = params as [string, string];
                if (signer.toLowerCase() !== address.toLowerCase()) throw rpcError(4100, 'Unknown account');
                return w.__testWalletSign(raw);
              }
              case 'wallet_switchEthereumChain': {
                if (!spec.canSwitch) throw rpcError(4200, 'The wallet does not support this method');
                const id = Number((params as [{ chainId: string }])[0].chainId);
                if (!known().includes(id)) throw rpcError(4902, `Unrecognized chain ID ${hex(id)}`);
                localStorage.setItem(key('chain'), String(id));
                emit('chainChanged', hex(id));
                return null;
              }
              case 'wallet_addEthereumChain': {
                const chain = (params as [{ chainId: string }])[0];
                w.__walletAdded.push({ rdns: spec.rdns, chainId: chain.chainId });
                localStorage.setItem(key('known'), JSON.stringify([...known(), Number(chain.chainId)]));
                return null;
              }
              case 'wallet_revokePermissions':
                localStorage.removeItem(key('granted'));
                emit('accountsChanged', []);
                return null;
              default:
                throw rpcError(4200, `Unsupported method ${method}`);
            }
          },
          on(event: string, fn: Listener) {
            if (!listeners.has(event)) listeners.set(event, new Set());
            listeners.get(event)?.add(fn);
          },
          removeListener(event: string, fn: Listener) {
            listeners.get(event)?.delete(fn);
          },
        };
        const detail = Object.freeze({
          info: { uuid: crypto.randomUUID(), name: spec.name, icon, rdns: spec.rdns },
          provider,
        });
        const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
        window.addEventListener('eip6963:requestProvider', announce);
        announce();
      }
    },
    { wallets, address: account.address, icon: ICON },
  );
}
