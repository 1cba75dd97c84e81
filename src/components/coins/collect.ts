import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  custom,
  decodeErrorResult,
  type EIP1193Provider,
  type Hex,
  parseEventLogs,
} from 'viem';
import { coinDropProceedsAbi, memberVestingCollectAbi } from '../../../functions/chain/collect-abi';
import { COIN_BUY_TEXT } from '../../../functions/domain/coins/buy-texts';
import { COIN_COLLECT_TEXT as T } from '../../../functions/domain/coins/collect-texts';
import { formatCoinUnits, formatUsdc } from '../../../functions/domain/coins/usdc';
import { fillText } from '../../../functions/domain/fill-text';
import { WALLET_TEXT } from '../../../functions/domain/wallets/texts';
import { api, call } from '../../lib/api-client';
import {
  $activeAccount,
  $activeWallet,
  $walletOptions,
  activeProvider,
  startWallets,
  switchChain,
} from '../../stores/wallet';
import { walletWords } from './buy';
import { $, type StepState, showMessage, showStep } from './dialog-steps';

/**
 * The withdraw and release calls of /creator-token-management (docs/coins.md, "Collecting"): any
 * connected wallet on the coin's chain sends `withdraw(payee)` to the sale or `release(member)` to a
 * vesting contract, with the member's pinned address — the money goes there whoever sends it. As with
 * buying, the call is complete once its receipt is found: a reverted one says so (with the contract's
 * reason) and nothing is shown as paid; a successful one updates the card's figures from the chain,
 * and the server is told of the receipt (it checks it on chain and notifies the member).
 */
export type Collect = { kind: 'withdraw' } | { kind: 'release'; key: 'team' | 'reserve' };
type Step = 'send' | 'receipt';

const day = (d: Date) =>
  d.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

function clients(provider: EIP1193Provider, account: Address) {
  const transport = custom(provider);
  return {
    reader: createPublicClient({ transport, pollingInterval: 500 }),
    writer: createWalletClient({ account, transport }),
  };
}
type Reader = ReturnType<typeof clients>['reader'];

interface Target {
  card: HTMLElement;
  chainId: number;
  chainName: string;
  symbol: string;
  payee: Address;
  what: Collect;
  /** The contract called: the sale, or the vesting contract. */
  contract: Address;
  section: HTMLElement;
}

function targetOf(card: HTMLElement, what: Collect): Target | null {
  const section = what.kind === 'withdraw' ? $(card, '[data-proceeds]') : $(card, `[data-vesting="${what.key}"]`);
  if (!section) return null;
  return {
    card,
    what,
    section,
    chainId: Number(card.dataset.chainId),
    chainName: card.dataset.chainName ?? '',
    symbol: card.dataset.symbol ?? '',
    payee: card.dataset.payee as Address,
    contract: (what.kind === 'withdraw' ? card.dataset.drop : section.dataset.contract) as Address,
  };
}

const contractLabel = (what: Collect) =>
  what.kind === 'release' ? (what.key === 'team' ? T.collectTeam : T.collectReserve).toLowerCase() : '';

/** The card's figures for this call, read again from the chain through the wallet's provider. */
async function refresh(reader: Reader, t: Target) {
  if (t.what.kind === 'withdraw') {
    const proceeds = await reader.readContract({
      address: t.contract,
      abi: coinDropProceedsAbi,
      functionName: 'withdrawable',
      args: [t.payee],
    });
    t.section.dataset.proceeds = String(proceeds);
    const text = $(t.section, '[data-proceeds-text]');
    if (text) text.textContent = fillText(T.collectProceeds, { amount: formatUsdc(proceeds) });
    const button = $<HTMLButtonElement>(t.section, '[data-withdraw]');
    if (button) button.disabled = proceeds === 0n;
    return;
  }
  const block = await reader.getBlock({ blockTag: 'latest' });
  const read = { address: t.contract, abi: memberVestingCollectAbi } as const;
  const [allocation, released, vested, cliffEnd] = await Promise.all([
    reader.readContract({ ...read, functionName: 'allocation', args: [t.payee] }),
    reader.readContract({ ...read, functionName: 'released', args: [t.payee] }),
    reader.readContract({ ...read, functionName: 'vestedAmount', args: [t.payee, block.timestamp] }),
    reader.readContract({ ...read, functionName: 'cliffEnd' }),
  ]);
  const releasable = vested - released;
  const locked = allocation - vested;
  Object.assign(t.section.dataset, {
    vested: String(vested),
    released: String(released),
    releasable: String(releasable),
    locked: String(locked),
  });
  const set = (sel: string, text: string) => {
    const el = $(t.section, sel);
    if (el) el.textContent = text;
  };
  set('[data-vested-text]', `${formatCoinUnits(vested)} of ${formatCoinUnits(allocation)}`);
  set('[data-releasable-text]', formatCoinUnits(releasable));
  set('[data-locked-text]', formatCoinUnits(locked));
  const note =
    releasable > 0n
      ? null
      : cliffEnd > block.timestamp
        ? fillText(T.collectReleasableFrom, { date: day(new Date(Number(cliffEnd) * 1000)) })
        : locked === 0n
          ? T.collectAllReleased
          : null;
  let noteEl = $(t.section, '[data-release-note]');
  if (note && !noteEl) {
    noteEl = document.createElement('p');
    noteEl.className = 'muted';
    noteEl.dataset.releaseNote = '';
    const button = $(t.section, '[data-release]');
    if (button) t.section.insertBefore(noteEl, button);
    else t.section.insertBefore(noteEl, null);
  }
  if (noteEl) {
    noteEl.textContent = note ?? '';
    noteEl.hidden = !note;
  }
  const button = $<HTMLButtonElement>(t.section, '[data-release]');
  if (button) button.disabled = releasable === 0n;
}

/** Why a mined call reverted: the contract's error name, read by calling it again at the receipt's block. */
async function revertReason(reader: Reader, t: Target, from: Address, blockNumber: bigint): Promise<string> {
  try {
    if (t.what.kind === 'withdraw')
      await reader.simulateContract({
        account: from,
        address: t.contract,
        abi: coinDropProceedsAbi,
        functionName: 'withdraw',
        args: [t.payee],
        blockNumber,
      });
    else
      await reader.simulateContract({
        account: from,
        address: t.contract,
        abi: memberVestingCollectAbi,
        functionName: 'release',
        args: [t.payee],
        blockNumber,
      });
  } catch (err) {
    if (err instanceof BaseError) {
      const reverted = err.walk((e) => e instanceof ContractFunctionRevertedError);
      if (reverted instanceof ContractFunctionRevertedError && reverted.data?.errorName) return reverted.data.errorName;
    }
    // A wallet's error that carries the revert's data further down its causes.
    for (let c: unknown = err; c; c = (c as { cause?: unknown }).cause) {
      const data = (c as { data?: unknown }).data;
      if (typeof data !== 'string' || !data.startsWith('0x')) continue;
      try {
        const abi = t.what.kind === 'withdraw' ? coinDropProceedsAbi : memberVestingCollectAbi;
        return decodeErrorResult({ abi, data: data as Hex }).errorName;
      } catch {}
    }
  }
  return 'reverted';
}

class Dialog {
  readonly el: HTMLDialogElement;
  private target: Target | null = null;
  private busy = false;
  /** This opening's call went through: nothing more to send until the dialog is opened again. */
  private sent = false;

  constructor() {
    this.el = document.querySelector<HTMLDialogElement>('[data-collect-dialog]') as HTMLDialogElement;
    $(this.el, '[data-collect-close]')?.addEventListener('click', () => this.el.close());
    $(this.el, '[data-collect-switch]')?.addEventListener('click', () => void this.switch());
    $(this.el, '[data-collect-confirm]')?.addEventListener('click', () => void this.send());
    $activeWallet.listen(() => this.render());
  }

  open(target: Target) {
    this.target = target;
    this.sent = false;
    this.error(null);
    this.done(null);
    this.step('send', 'idle');
    this.step('receipt', 'idle');
    const title = $(this.el, '[data-collect-title]');
    if (title)
      title.textContent =
        target.what.kind === 'withdraw'
          ? fillText(T.collectWithdrawTitle, { symbol: target.symbol })
          : fillText(T.collectReleaseTitle, { symbol: target.symbol, contract: contractLabel(target.what) });
    const goes = $(this.el, '[data-collect-goes]');
    if (goes) goes.textContent = fillText(T.collectGoesTo, { payee: target.payee });
    if (!this.el.open) this.el.showModal();
    this.render();
  }

  step(step: Step, state: StepState, words?: string) {
    showStep(this.el, step, state, words);
  }

  error(message: string | null) {
    showMessage(this.el, '[data-collect-error]', message);
  }

  done(message: string | null) {
    showMessage(this.el, '[data-collect-done]', message);
  }

  /** The wallet and its network; the send button only on the coin's chain. */
  render() {
    const t = this.target;
    if (!t) return;
    const wallet = $activeWallet.get();
    const account = $activeAccount.get();
    const accountLine = $(this.el, '[data-collect-account]');
    if (accountLine) accountLine.textContent = account ?? T.collectConnect;
    const onChain = Boolean(wallet && account && wallet.chainId === t.chainId);
    const chainRow = $(this.el, '[data-collect-chain]');
    if (chainRow) chainRow.hidden = !account || onChain;
    const chainText = $(this.el, '[data-collect-chain-text]');
    if (chainText) chainText.textContent = fillText(T.collectWrongChain, { chain: t.chainName });
    const switchButton = $(this.el, '[data-collect-switch]');
    if (switchButton) switchButton.textContent = fillText(COIN_BUY_TEXT.switchTo, { chain: t.chainName });
    const confirm = $<HTMLButtonElement>(this.el, '[data-collect-confirm]');
    if (confirm) {
      confirm.disabled = !onChain || this.busy || this.sent;
      confirm.hidden = this.sent;
    }
  }

  private async switch() {
    if (!this.target) return;
    this.error(null);
    try {
      await switchChain(this.target.chainId);
    } catch (err) {
      this.error(walletWords(err));
    }
    this.render();
  }

  private async send() {
    const t = this.target;
    const account = $activeAccount.get();
    const provider = activeProvider();
    if (!t || this.busy || !account || !provider) return;
    this.busy = true;
    this.render();
    this.error(null);
    this.done(null);
    this.step('send', 'idle');
    this.step('receipt', 'idle');
    const { reader, writer } = clients(provider, account);
    let current: Step = 'send';
    try {
      this.step('send', 'pending');
      const hash: Hex =
        t.what.kind === 'withdraw'
          ? await writer.writeContract({
              address: t.contract,
              abi: coinDropProceedsAbi,
              functionName: 'withdraw',
              args: [t.payee],
              chain: null,
            })
          : await writer.writeContract({
              address: t.contract,
              abi: memberVestingCollectAbi,
              functionName: 'release',
              args: [t.payee],
              chain: null,
            });
      this.step('send', 'success');
      current = 'receipt';
      this.step('receipt', 'pending');
      const receipt = await reader.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') {
        const reason = await revertReason(reader, t, account, receipt.blockNumber);
        throw new Error(fillText(T.collectReverted, { hash, reason }));
      }
      this.step('receipt', 'success');
      this.sent = true;
      if (t.what.kind === 'withdraw') {
        const paid = parseEventLogs({ abi: coinDropProceedsAbi, eventName: 'Withdrawn', logs: receipt.logs }).reduce(
          (sum, e) => sum + e.args.amount,
          0n,
        );
        this.done(fillText(T.collectWithdrawn, { amount: formatUsdc(paid), payee: t.payee }));
      } else {
        const sent = parseEventLogs({ abi: memberVestingCollectAbi, eventName: 'Released', logs: receipt.logs }).reduce(
          (sum, e) => sum + e.args.amount,
          0n,
        );
        this.done(fillText(T.collectReleased, { amount: formatCoinUnits(sent), symbol: t.symbol, payee: t.payee }));
      }
      // The member's notice: the server reads the receipt from the chain itself.
      void call(api.wallets['coin-receipts'].$post({ json: { txHash: hash } })).catch(() => undefined);
    } catch (err) {
      const words = walletWords(err);
      this.step(current, 'error', words);
      this.error(words);
    } finally {
      this.busy = false;
      this.render();
    }
    await refresh(reader, t).catch(() => undefined);
  }
}

let dialog: Dialog | null = null;

/** Opens the dialog for a withdrawal or a release of the card's coin; without a connected wallet, the picker first. */
export async function openCollect(card: HTMLElement, what: Collect) {
  await startWallets();
  const target = targetOf(card, what);
  if (!target) return;
  dialog ??= new Dialog();
  const d = dialog;
  if ($activeAccount.get()) {
    d.open(target);
    return;
  }
  const { openWalletPicker, closeWalletPicker } = await import('../wallet/mount');
  if ($walletOptions.get().length === 0) {
    d.open(target);
    d.error(`${WALLET_TEXT.noActiveWallet}. ${WALLET_TEXT.walletHowToGet}`);
    return;
  }
  openWalletPicker();
  const stop = $activeAccount.listen((account) => {
    if (!account) return;
    stop();
    closeWalletPicker();
    d.open(target);
  });
}
