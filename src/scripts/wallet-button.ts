import { readWalletMemory } from '../lib/wallet-memory';

/**
 * The header's wallet button. The picker and every piece of wallet code load on the first click;
 * only a browser that connected a wallet before loads the wallet store once the page is idle, to
 * reconnect it silently and show its address.
 */
const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-wallet-open]')];
let bound = false;

async function bindLabels() {
  if (bound) return;
  bound = true;
  const { $walletLabel, $activeAccount, startWallets } = await import('../stores/wallet');
  $walletLabel.subscribe((label) => {
    for (const b of buttons) {
      const span = b.querySelector('[data-wallet-label]');
      if (span) span.textContent = label;
      b.dataset.connected = String($activeAccount.get() !== null);
      b.title = $activeAccount.get() ?? 'Wallet';
    }
  });
  await startWallets();
}

async function open(button: HTMLButtonElement) {
  button.setAttribute('aria-busy', 'true');
  try {
    const [{ openWalletPicker }] = await Promise.all([import('../components/wallet/mount'), bindLabels()]);
    openWalletPicker();
  } finally {
    button.removeAttribute('aria-busy');
  }
}

for (const button of buttons) button.addEventListener('click', () => void open(button));

if (buttons.length && readWalletMemory().connectedWalletIds.length > 0) {
  const later = window.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 200));
  later(() => void bindLabels());
}
