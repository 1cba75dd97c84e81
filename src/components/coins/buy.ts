import {
  type Address,
  BaseError,
  createPublicClient,
  createWalletClient,
  custom,
  type EIP1193Provider,
  type Hex,
  parseEventLogs,
  parseSignature,
  type TransactionReceipt,
} from 'viem';
import { COIN_BUY_TEXT } from '../../../functions/domain/coins/buy-texts';
import { formatUsdc, wholeCoins } from '../../../functions/domain/coins/usdc';
import { fillText } from '../../../functions/domain/fill-text';
import { WALLET_TEXT } from '../../../functions/domain/wallets/texts';
import { api, call, messageOf } from '../../lib/api-client';
import {
  $activeAccount,
  $activeWallet,
  $walletOptions,
  activeProvider,
  rpcCode,
  startWallets,
  switchChain,
} from '../../stores/wallet';
import { coinDropBuyAbi, erc20PermitAbi } from './abi';
import { $, type StepState, showMessage, showStep } from './dialog-steps';

/**
 * The buy dialog of a film's coins page (docs/coins.md, "Buying from the coins page"): the connected
 * wallet on the coin's chain, its USDC balance, then one EIP-2612 permit signature and one
 * transaction (`buyWithPermit`), or approve then `buy` when the wallet cannot sign typed data. A
 * purchase is complete once its receipt is found; the sold figure, the meter and the holdings move by
 * what the receipt's `Purchased` event says, without a reload. Reads go through the wallet's provider.
 */
type Step = 'permit' | 'approve' | 'buy' | 'receipt';

interface Sale {
  card: HTMLElement;
  chainId: number;
  chainName: string;
  /** For the indexer's hint after a purchase. */
  campaignId: string;
  symbol: string;
  drop: Address;
  coin: Address;
  usdc: Address;
  perCoin: bigint;
}

/** How long a permit stays valid: the purchase is sent right after it is signed. */
const PERMIT_TTL_S = 20n * 60n;
/** Wallet errors meaning "this wallet does not know the method" (not a refusal). */
const UNSUPPORTED = new Set([4200, -32601, -32004]);

const saleOf = (card: HTMLElement): Sale => ({
  card,
  chainId: Number(card.dataset.chainId),
  chainName: card.dataset.chainName ?? '',
  campaignId: card.dataset.campaignId ?? '',
  symbol: card.dataset.symbol ?? '',
  drop: card.dataset.drop as Address,
  coin: card.dataset.coin as Address,
  usdc: card.dataset.usdc as Address,
  perCoin: BigInt(card.dataset.unitsPerCoin ?? '0'),
});

/** The wallet's own words for a failure (viem keeps them as `details`), else the product's. */
export function walletWords(err: unknown): string {
  if (err instanceof BaseError) return err.details || err.shortMessage || err.message;
  if (err instanceof Error) return err.message;
  return WALLET_TEXT.walletFailed;
}

function clients(provider: EIP1193Provider, account: Address) {
  const transport = custom(provider);
  return {
    reader: createPublicClient({ transport, pollingInterval: 500 }),
    writer: createWalletClient({ account, transport }),
  };
}

/** The connected wallet's coins of this sale, and their value at the sale price, on the card. */
async function renderHoldings(sale: Sale, coins: bigint | null) {
  const box = $(sale.card, '[data-holdings]');
  const text = $(sale.card, '[data-holdings-text]');
  if (!box || !text) return;
  box.hidden = coins === null;
  if (coins === null) return;
  box.dataset.holdings = String(coins);
  text.textContent =
    coins === 0n
      ? fillText(COIN_BUY_TEXT.holdingsNone, { symbol: sale.symbol })
      : fillText(COIN_BUY_TEXT.holdings, {
          count: coins.toLocaleString('en-US'),
          symbol: sale.symbol,
          value: formatUsdc(coins * sale.perCoin),
        });
}

/** What the wallet holds on the sale's chain now; null when it is elsewhere or has no account. */
async function readWallet(sale: Sale) {
  const wallet = $activeWallet.get();
  const account = $activeAccount.get();
  const provider = activeProvider();
  if (!wallet || !account || !provider || wallet.chainId !== sale.chainId) return null;
  const { reader } = clients(provider, account);
  const [usdc, coin, left] = await Promise.all([
    reader.readContract({ address: sale.usdc, abi: erc20PermitAbi, functionName: 'balanceOf', args: [account] }),
    reader.readContract({ address: sale.coin, abi: erc20PermitAbi, functionName: 'balanceOf', args: [account] }),
    reader.readContract({ address: sale.drop, abi: coinDropBuyAbi, functionName: 'coinsLeft' }),
  ]);
  return { account, usdc, coins: wholeCoins(coin), left: Number(left) };
}

/** For a browser that connected before: its holdings on the card, once the page is idle. */
export async function showHoldings(card: HTMLElement) {
  const sale = saleOf(card);
  await startWallets();
  const read = await readWallet(sale).catch(() => null);
  if (read) await renderHoldings(sale, read.coins);
}

/** A purchase this page made, by its receipt. */
export interface OwnPurchase {
  hash: string;
  block: number;
  coins: number;
}

/**
 * Tells the card of a purchase's receipt: it moves the sold figure, the meter and the coins left until
 * the index counts the purchase (src/scripts/coin-card.ts).
 */
function applyPurchase(sale: Sale, receipt: TransactionReceipt, coins: number) {
  const detail: OwnPurchase = { hash: receipt.transactionHash, block: Number(receipt.blockNumber), coins };
  sale.card.dispatchEvent(new CustomEvent('coin-purchased', { detail }));
}

class Dialog {
  readonly el: HTMLDialogElement;
  private busy = false;
  /** Whether the error shown is a refusal (render's own), not a failed purchase's words. */
  private refused = false;
  private count: number;
  private balance: bigint | null = null;
  private left: number;

  constructor(
    private readonly sale: Sale,
    count: number,
  ) {
    this.el = document.querySelector<HTMLDialogElement>('[data-buy-dialog]') as HTMLDialogElement;
    this.count = count;
    this.left = Number(sale.card.dataset.left ?? 0);
    $(this.el, '[data-buy-close]')?.addEventListener('click', () => this.el.close());
    $(this.el, '[data-buy-switch]')?.addEventListener('click', () => void this.switch());
    $(this.el, '[data-buy-confirm]')?.addEventListener('click', () => void this.buy());
    $(this.el, '[data-buy-faucet]')?.addEventListener('click', () => void this.faucet());
    $activeWallet.listen(() => void this.render());
  }

  open(count: number) {
    this.count = count;
    this.reset();
    if (!this.el.open) this.el.showModal();
    void this.render();
  }

  private reset() {
    this.error(null);
    this.refused = false;
    this.done(null);
    for (const step of ['permit', 'approve', 'buy', 'receipt'] as const) this.step(step, 'idle');
    const approve = $(this.el, '[data-step="approve"]');
    if (approve) approve.hidden = true;
  }

  step(step: Step, state: StepState, words?: string) {
    showStep(this.el, step, state, words);
  }

  error(message: string | null) {
    showMessage(this.el, '[data-buy-error]', message);
  }

  done(message: string | null) {
    showMessage(this.el, '[data-buy-done]', message);
  }

  private confirm(label: string | null, enabled: boolean) {
    const button = $<HTMLButtonElement>(this.el, '[data-buy-confirm]');
    if (!button) return;
    button.textContent = label ?? '';
    button.disabled = !enabled || this.busy;
  }

  /** The wallet, its network and balance, and whether this purchase can be sent. */
  async render() {
    const wallet = $activeWallet.get();
    const account = $activeAccount.get();
    const accountLine = $(this.el, '[data-buy-account]');
    const chainRow = $(this.el, '[data-buy-chain]');
    const balanceLine = $(this.el, '[data-buy-balance]');
    const faucet = $<HTMLButtonElement>(this.el, '[data-buy-faucet]');
    if (accountLine) accountLine.textContent = account ?? COIN_BUY_TEXT.connect;
    const onChain = Boolean(wallet && account && wallet.chainId === this.sale.chainId);
    if (chainRow) chainRow.hidden = !account || onChain;
    if (faucet) faucet.hidden = !onChain;
    if (!onChain) {
      if (balanceLine) balanceLine.textContent = '';
      this.confirm(null, false);
      return;
    }
    const read = await readWallet(this.sale).catch((err: unknown) => {
      this.error(walletWords(err));
      return null;
    });
    if (!read) return;
    this.balance = read.usdc;
    this.left = read.left;
    await renderHoldings(this.sale, read.coins);
    if (balanceLine)
      balanceLine.textContent = fillText(COIN_BUY_TEXT.balance, {
        chain: this.sale.chainName,
        amount: formatUsdc(read.usdc),
      });
    const cost = this.sale.perCoin * BigInt(this.count);
    const refusal = this.refusal(cost);
    // A refusal replaces the last one; a failed purchase's words stay until the next attempt.
    if (!this.busy && (refusal || this.refused)) this.error(refusal);
    this.refused = refusal !== null;
    this.confirm(
      fillText(COIN_BUY_TEXT.confirm, {
        count: this.count.toLocaleString('en-US'),
        symbol: this.sale.symbol,
        cost: formatUsdc(cost),
      }),
      refusal === null,
    );
  }

  /** Why this purchase cannot be sent (more than is left, more than the balance), or null. */
  private refusal(cost: bigint): string | null {
    if (this.count < 1) return COIN_BUY_TEXT.tooFew;
    if (this.count > this.left) return fillText(COIN_BUY_TEXT.tooMany, { left: this.left.toLocaleString('en-US') });
    if (this.balance !== null && cost > this.balance)
      return fillText(COIN_BUY_TEXT.tooPoor, {
        balance: formatUsdc(this.balance),
        count: this.count.toLocaleString('en-US'),
        cost: formatUsdc(cost),
      });
    return null;
  }

  private async switch() {
    this.error(null);
    try {
      await switchChain(this.sale.chainId);
    } catch (err) {
      this.error(walletWords(err));
    }
    await this.render();
  }

  private async faucet() {
    const account = $activeAccount.get();
    if (!account) return;
    this.error(null);
    try {
      await call(api.dev['usdc-faucet'].$post({ json: { address: account } }));
      this.done(COIN_BUY_TEXT.faucetDone);
    } catch (err) {
      this.error(messageOf(err));
    }
    await this.render();
  }

  private async buy() {
    const account = $activeAccount.get();
    const provider = activeProvider();
    if (this.busy || !account || !provider) return;
    const cost = this.sale.perCoin * BigInt(this.count);
    if (this.refusal(cost)) return;
    this.busy = true;
    this.reset();
    this.confirm($(this.el, '[data-buy-confirm]')?.textContent ?? null, false);
    const { reader, writer } = clients(provider, account);
    const { sale } = this;
    const coins = BigInt(this.count);
    let current: Step = 'permit';
    const run = async <T>(step: Step, work: () => Promise<T>): Promise<T> => {
      current = step;
      this.step(step, 'pending');
      const value = await work();
      this.step(step, 'success');
      return value;
    };
    try {
      let hash: Hex;
      const signature = await run('permit', () => this.permit(reader, writer, account, cost)).catch((err) => {
        // A wallet that cannot sign typed data approves instead.
        if (!UNSUPPORTED.has(rpcCode(err) ?? 0)) throw err;
        this.step('permit', 'idle', walletWords(err));
        return null;
      });
      if (signature) {
        const { v, r, s, yParity } = parseSignature(signature.signature);
        hash = await run('buy', () =>
          writer.writeContract({
            address: sale.drop,
            abi: coinDropBuyAbi,
            functionName: 'buyWithPermit',
            args: [coins, signature.deadline, Number(v ?? BigInt(yParity + 27)), r, s],
            chain: null,
          }),
        );
      } else {
        const approve = $(this.el, '[data-step="approve"]');
        if (approve) approve.hidden = false;
        await run('approve', async () => {
          const tx = await writer.writeContract({
            address: sale.usdc,
            abi: erc20PermitAbi,
            functionName: 'approve',
            args: [sale.drop, cost],
            chain: null,
          });
          const receipt = await reader.waitForTransactionReceipt({ hash: tx });
          if (receipt.status !== 'success') throw new Error(fillText(COIN_BUY_TEXT.reverted, { hash: tx }));
        });
        hash = await run('buy', () =>
          writer.writeContract({
            address: sale.drop,
            abi: coinDropBuyAbi,
            functionName: 'buy',
            args: [coins],
            chain: null,
          }),
        );
      }
      const receipt = await run('receipt', async () => {
        const got = await reader.waitForTransactionReceipt({ hash });
        if (got.status !== 'success') throw new Error(fillText(COIN_BUY_TEXT.reverted, { hash }));
        return got;
      });
      const bought = this.bought(receipt, account);
      // A hint for the coin indexer: the server reads our contracts' logs itself (docs/coins.md, "The index").
      void call(api.wallets['coin-purchases'].$post({ json: { campaignId: sale.campaignId, txHash: hash } })).catch(
        () => undefined,
      );
      applyPurchase(sale, receipt, Number(bought.coins));
      const before = Number($(sale.card, '[data-holdings]')?.dataset.holdings ?? 0);
      await renderHoldings(sale, BigInt(before) + bought.coins);
      if (this.balance !== null) this.balance -= bought.cost;
      this.left -= Number(bought.coins);
      this.done(fillText(COIN_BUY_TEXT.bought, { count: bought.coins.toLocaleString('en-US'), symbol: sale.symbol }));
    } catch (err) {
      const words = walletWords(err);
      this.step(current, 'error', words);
      this.error(words);
    } finally {
      this.busy = false;
    }
    // The balance and holdings as the chain has them now; the figures above came from the receipt.
    await this.render().catch(() => undefined);
  }

  /** An EIP-2612 permit for exactly `cost`, under the domain the token itself declares. */
  private async permit(
    reader: ReturnType<typeof clients>['reader'],
    writer: ReturnType<typeof clients>['writer'],
    owner: Address,
    cost: bigint,
  ) {
    const { usdc, drop, chainId } = this.sale;
    const [name, version, nonce, block] = await Promise.all([
      reader.readContract({ address: usdc, abi: erc20PermitAbi, functionName: 'name' }),
      reader.readContract({ address: usdc, abi: erc20PermitAbi, functionName: 'version' }).catch(() => '1'),
      reader.readContract({ address: usdc, abi: erc20PermitAbi, functionName: 'nonces', args: [owner] }),
      reader.getBlock(),
    ]);
    const deadline = block.timestamp + PERMIT_TTL_S;
    const signature = await writer.signTypedData({
      account: owner,
      domain: { name, version, chainId, verifyingContract: usdc },
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      primaryType: 'Permit',
      message: { owner, spender: drop, value: cost, nonce, deadline },
    });
    return { signature, deadline };
  }

  /** What the receipt says was bought by this account (its Purchased events from the sale). */
  private bought(receipt: TransactionReceipt, account: Address) {
    const events = parseEventLogs({ abi: coinDropBuyAbi, eventName: 'Purchased', logs: receipt.logs }).filter(
      (e) => e.address.toLowerCase() === this.sale.drop.toLowerCase() && e.args.buyer === account,
    );
    return events.reduce((sum, e) => ({ coins: sum.coins + e.args.coins, cost: sum.cost + e.args.cost }), {
      coins: 0n,
      cost: 0n,
    });
  }
}

let dialog: Dialog | null = null;

/**
 * Opens the buy dialog for `count` coins. Without a connected wallet the picker opens first (and says
 * how to get one when the browser has none); the dialog follows once a wallet is connected.
 */
export async function openBuy(card: HTMLElement, count: number) {
  await startWallets();
  const sale = saleOf(card);
  dialog ??= new Dialog(sale, count);
  if ($activeAccount.get()) {
    dialog.open(count);
    return;
  }
  const { openWalletPicker, closeWalletPicker } = await import('../wallet/mount');
  if ($walletOptions.get().length === 0) {
    dialog.open(count);
    dialog.error(`${WALLET_TEXT.noActiveWallet}. ${WALLET_TEXT.walletHowToGet}`);
    return;
  }
  openWalletPicker();
  const stop = $activeAccount.listen((account) => {
    if (!account) return;
    stop();
    closeWalletPicker();
    dialog?.open(count);
  });
}
