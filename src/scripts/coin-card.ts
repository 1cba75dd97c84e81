import { COIN_BUY_TEXT } from '../../functions/domain/coins/buy-texts';
import { formatUsdc } from '../../functions/domain/coins/usdc';
import { fillText } from '../../functions/domain/fill-text';
import { readWalletMemory } from '../lib/wallet-memory';

/**
 * A film's coins page before the wallet: the card's count, cost and "I have read this". The wallet
 * code (viem, the wallet store, src/components/coins/buy.ts) loads only when the buyer opens the buy
 * dialog, or on idle for a browser that connected a wallet before (to show its holdings), as the
 * header does (docs/performance.md: the page stays within the catalogue's budget until then).
 */
const card = document.querySelector<HTMLElement>('[data-coin-card]');

export interface CardState {
  count: number | null;
  left: number;
}

if (card) {
  const input = card.querySelector<HTMLInputElement>('[data-coin-count]');
  const read = card.querySelector<HTMLInputElement>('[data-coin-read]');
  const open = card.querySelector<HTMLButtonElement>('[data-buy-open]');
  const error = card.querySelector<HTMLElement>('[data-count-error]');
  const perCoin = BigInt(card.dataset.unitsPerCoin ?? '0');
  const symbol = card.dataset.symbol ?? '';

  /** The whole number of coins asked for, or null with the reason shown. */
  const count = (): number | null => {
    const left = Number(card.dataset.left ?? 0);
    const raw = input?.value.trim() ?? '';
    const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    let message: string | null = null;
    if (!Number.isSafeInteger(n) || n < 1) message = COIN_BUY_TEXT.tooFew;
    else if (n > left) message = fillText(COIN_BUY_TEXT.tooMany, { left: left.toLocaleString('en-US') });
    if (error) {
      error.textContent = message ?? '';
      error.hidden = !message;
    }
    return message ? null : n;
  };

  const refresh = () => {
    const n = count();
    const total = card.querySelector('[data-total]');
    const get = card.querySelector('[data-get]');
    if (n !== null) {
      if (total) total.textContent = `${formatUsdc(perCoin * BigInt(n))} USDC`;
      if (get) get.textContent = `${n.toLocaleString('en-US')} ${symbol}`;
    }
    if (open) open.disabled = n === null || !read?.checked;
    card.dispatchEvent(new CustomEvent('coin-count', { detail: n }));
  };
  input?.addEventListener('input', refresh);
  read?.addEventListener('change', refresh);
  card.addEventListener('coin-refresh', refresh);
  refresh();

  open?.addEventListener('click', async () => {
    const n = count();
    if (n === null || !read?.checked) return;
    open.setAttribute('aria-busy', 'true');
    try {
      const { openBuy } = await import('../components/coins/buy');
      await openBuy(card, n);
    } finally {
      open.removeAttribute('aria-busy');
    }
  });

  if (readWalletMemory().connectedWalletIds.length > 0) {
    const later = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200));
    later(() => void import('../components/coins/buy').then((m) => m.showHoldings(card)));
  }
}
