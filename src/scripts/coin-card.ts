import { COIN_BUY_TEXT } from '../../functions/domain/coins/buy-texts';
import { formatUsdc } from '../../functions/domain/coins/usdc';
import { fillText } from '../../functions/domain/fill-text';
import type { CoinSaleFigures } from '../../functions/realtime/protocol';
import type { OwnPurchase } from '../components/coins/buy';
import { watchCampaign } from '../lib/campaign-socket';
import { readWalletMemory } from '../lib/wallet-memory';

/**
 * A film's coins page before the wallet: the card's count, cost and "I have read this". The wallet
 * code (viem, the wallet store, src/components/coins/buy.ts) loads only when the buyer opens the buy
 * dialog, or on idle for a browser that connected a wallet before (to show its holdings), as the
 * header does (docs/performance.md: the page stays within the catalogue's budget until then).
 * The sale's figures are live: the campaign's channel pushes them as indexed, and this page's own
 * purchases count from their receipt until the index has them (docs/coins.md, "The film's coins page").
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

  // The sale as last indexed, and this page's purchases mined after the block it was indexed through.
  const saleBlock = document.querySelector<HTMLElement>('[data-sale]');
  let indexed: CoinSaleFigures = {
    sold: Number(saleBlock?.dataset.sold ?? 0),
    left: Number(saleBlock?.dataset.left ?? 0),
    indexedThrough: -1,
  };
  const own = new Map<string, OwnPurchase>();

  const showSale = () => {
    if (!saleBlock) return;
    let mine = 0;
    for (const p of own.values()) {
      if (p.block <= indexed.indexedThrough) own.delete(p.hash);
      else mine += p.coins;
    }
    const sold = indexed.sold + mine;
    const left = Math.max(0, indexed.left - mine);
    saleBlock.dataset.sold = String(sold);
    saleBlock.dataset.left = String(left);
    if (indexed.indexedThrough >= 0) saleBlock.dataset.indexedThrough = String(indexed.indexedThrough);
    const soldText = saleBlock.querySelector('[data-sold-text]');
    const leftText = saleBlock.querySelector('[data-left-text]');
    if (soldText) soldText.textContent = sold.toLocaleString('en-US');
    if (leftText) leftText.textContent = left.toLocaleString('en-US');
    const meter = saleBlock.querySelector('meter');
    if (meter) {
      meter.value = sold;
      meter.textContent = `${sold} sold`;
    }
    card.dataset.left = String(left);
    if (input) input.max = String(left);
    const hint = card.querySelector('[data-left-hint]');
    if (hint) hint.textContent = left.toLocaleString('en-US');
    refresh();
  };

  card.addEventListener('coin-purchased', (e) => {
    const p = (e as CustomEvent<OwnPurchase>).detail;
    if (p.block > indexed.indexedThrough) own.set(p.hash, p);
    showSale();
  });
  // Only a public campaign has a channel open to anyone (functions/routes/realtime).
  if (saleBlock && card.dataset.live === 'true' && card.dataset.campaignId) {
    watchCampaign(card.dataset.campaignId, {
      figures(f) {
        if (!f.coin) return;
        indexed = f.coin;
        showSale();
      },
    });
  }

  if (readWalletMemory().connectedWalletIds.length > 0) {
    const later = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200));
    later(() => void import('../components/coins/buy').then((m) => m.showHoldings(card)));
  }
}
