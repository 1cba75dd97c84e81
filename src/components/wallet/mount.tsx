import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { createRoot, type Root } from 'react-dom/client';
import './wallet.css';
import { WalletPicker } from './WalletPicker';

const $open = atom(false);
let root: Root | null = null;

function Island() {
  const open = useStore($open);
  return <WalletPicker open={open} onClose={() => $open.set(false)} />;
}

/** Mounts the picker island the first time and opens it; the page loads this module only on that click. */
export function openWalletPicker() {
  if (!root) {
    const host = document.createElement('div');
    host.dataset.walletRoot = '';
    document.body.appendChild(host);
    root = createRoot(host);
    root.render(<Island />);
  }
  $open.set(true);
}

/** Closes the picker if it is open (the coins page's buy dialog takes over once a wallet is connected). */
export function closeWalletPicker() {
  $open.set(false);
}
