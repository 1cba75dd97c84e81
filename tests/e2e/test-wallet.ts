import type { BrowserContext } from 'playwright-core';
import { createPublicClient, type Hex, http, keccak256, type LocalAccount } from 'viem';

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
  /** false: answers eth_signTypedData_v4 with 4200 (unsupported), as wallets without typed data do. */
  typedData?: boolean;
  /** Methods the person declines in the wallet (4001, with the wallet's own words). */
  declines?: string[];
  /** A gas limit the wallet puts on every transaction it sends (too little makes a purchase revert on chain). */
  gas?: number;
}

/** What the wallets forward to a chain, and how: `rpcUrl` serves `chainId` (the local node of the server under test). */
export interface TestWalletChain {
  chainId: number;
  rpcUrl: string;
}

/** The words the test wallet declines a request with, as an extension's popup would answer. */
export const DECLINED_WORDS = 'User rejected the request.';

const ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzZmYjZmZiIvPjwvc3ZnPg==';

/**
 * Injects EIP-6963 wallets into every page of `context`: each announces itself on
 * eip6963:announceProvider and answers EIP-1193 requests as an extension would. The only thing
 * simulated is the extension; signatures are real, made in Node by `account` (viem).
 * Grants and the current chain persist in the page's local storage, as an extension keeps them.
 */
export async function injectTestWallets(
  context: BrowserContext,
  account: LocalAccount,
  wallets: TestWalletSpec[],
  chain?: TestWalletChain,
) {
  await context.exposeFunction('__testWalletSign', async (raw: Hex) => account.signMessage({ message: { raw } }));
  if (chain) await exposeChain(context, account, chain);
  await context.addInitScript(
    ({ wallets, address, icon, declined }) => {
      type Listener = (...args: unknown[]) => void;
      const w = window as unknown as {
        __walletCalls: { rdns: string; method: string }[];
        __walletAdded: { rdns: string; chainId: string }[];
        __testWalletSign: (raw: string) => Promise<string>;
        __testWalletChain?: (
          method: string,
          params: unknown,
          gas: number | null,
        ) => Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }>;
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
              default: {
                if (method === 'eth_signTypedData_v4' && spec.typedData === false)
                  throw rpcError(4200, 'The wallet does not support this method');
                // Signed or forwarded in Node by the chain bridge.
                if (!w.__testWalletChain) throw rpcError(4200, `Unsupported method ${method}`);
                if ((spec.declines ?? []).includes(method)) throw rpcError(4001, declined);
                if (['eth_sendTransaction', 'eth_signTypedData_v4'].includes(method) && !granted())
                  throw rpcError(4100, 'Unauthorized');
                const answer = await w.__testWalletChain(method, params ?? [], spec.gas ?? null);
                if (answer.error)
                  throw Object.assign(rpcError(answer.error.code, answer.error.message), { data: answer.error.data });
                return answer.result;
              }
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
    { wallets, address: account.address, icon: ICON, declined: DECLINED_WORDS },
  );
}

/**
 * The wallet's side of a chain, in Node: typed data and transactions signed by `account`, everything
 * else (reads, receipts, blocks) forwarded to the chain's node, as an extension forwards to its RPC.
 * A transaction is signed and sent raw; its hash is answered even when the node refuses a reverting
 * one (the node mines it anyway), so the page finds its receipt and sees it reverted.
 */
async function exposeChain(context: BrowserContext, account: LocalAccount, chain: TestWalletChain) {
  const client = createPublicClient({ transport: http(chain.rpcUrl) });
  const forward = async (method: string, params: unknown) =>
    client.request({ method, params } as never) as Promise<unknown>;
  await context.exposeFunction('__testWalletChain', async (method: string, params: unknown[], gas: number | null) => {
    try {
      if (method === 'eth_chainId') return { result: `0x${chain.chainId.toString(16)}` };
      if (method === 'eth_signTypedData_v4') {
        const typed = JSON.parse(params[1] as string);
        const { EIP712Domain: _domain, ...types } = typed.types;
        return { result: await account.signTypedData({ ...typed, types }) };
      }
      if (method === 'eth_sendTransaction') {
        const tx = params[0] as { to: Hex; data?: Hex; value?: Hex; gas?: Hex };
        const [nonce, fees, estimated] = await Promise.all([
          client.getTransactionCount({ address: account.address, blockTag: 'pending' }),
          client.estimateFeesPerGas(),
          gas === null
            ? client.estimateGas({
                account: account.address,
                to: tx.to,
                data: tx.data,
                value: tx.value ? BigInt(tx.value) : undefined,
              })
            : Promise.resolve(BigInt(gas)),
        ]);
        const signed = await account.signTransaction({
          chainId: chain.chainId,
          type: 'eip1559',
          to: tx.to,
          data: tx.data,
          value: tx.value ? BigInt(tx.value) : 0n,
          nonce,
          gas: estimated,
          maxFeePerGas: fees.maxFeePerGas,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        });
        const hash = keccak256(signed);
        try {
          await forward('eth_sendRawTransaction', [signed]);
        } catch (err) {
          // A node that mines a reverting transaction may still answer with an error: the receipt tells.
          const receipt = await client.getTransactionReceipt({ hash }).catch(() => null);
          if (!receipt) throw err;
        }
        return { result: hash };
      }
      return { result: await forward(method, params) };
    } catch (err) {
      const e = err as { code?: number; details?: string; shortMessage?: string; message?: string };
      // A revert's data (the contract's error), as a node's RPC error carries it: wallets pass it on.
      let data: unknown;
      for (let c: unknown = err; c && data === undefined; c = (c as { cause?: unknown }).cause) {
        const d = (c as { data?: unknown }).data;
        if (typeof d === 'string' && d.startsWith('0x')) data = d;
      }
      return {
        error: {
          code: typeof e.code === 'number' ? e.code : -32603,
          message: e.details || e.shortMessage || String(e.message),
          ...(data === undefined ? {} : { data }),
        },
      };
    }
  });
}
