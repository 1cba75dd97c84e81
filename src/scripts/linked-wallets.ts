import { WALLET_TEXT } from '../../functions/domain/wallets/texts';
import { api, call } from '../lib/api-client';
import { toastAfterNavigation } from '../stores/toast';

/** Account Settings → Wallets: unlink here; linking loads the wallet code on the click. */
const card = document.querySelector<HTMLElement>('[data-linked-wallets]');
const errorEl = card?.querySelector<HTMLElement>('[data-wallet-link-error]');
const linkButton = card?.querySelector<HTMLButtonElement>('[data-wallet-link]');

function showError(message: string | null) {
  if (!errorEl) return;
  errorEl.textContent = message ?? '';
  errorEl.hidden = !message;
}

async function busy(button: HTMLButtonElement, work: () => Promise<void>) {
  if (button.disabled) return;
  button.disabled = true;
  showError(null);
  try {
    await work();
  } catch (err) {
    showError(err instanceof Error ? err.message : WALLET_TEXT.walletFailed);
  } finally {
    button.disabled = false;
  }
}

for (const button of card?.querySelectorAll<HTMLButtonElement>('[data-unlink]') ?? []) {
  button.addEventListener('click', () =>
    busy(button, async () => {
      await call(api.wallets[':chainId'].$delete({ param: { chainId: button.dataset.unlink ?? '' } }));
      toastAfterNavigation(WALLET_TEXT.walletUnlinked, 'success');
      window.location.reload();
    }),
  );
}

linkButton?.addEventListener('click', () =>
  busy(linkButton, async () => {
    const { linkActiveWallet } = await import('../components/wallet/link');
    const linked = await linkActiveWallet();
    if (!linked) return;
    toastAfterNavigation(WALLET_TEXT.walletLinked, 'success');
    window.location.reload();
  }),
);
