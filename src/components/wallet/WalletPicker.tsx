import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { chainName } from '../../../functions/domain/chains/info';
import { parseAddress, shortAddress } from '../../../functions/domain/wallets/address';
import { WALLET_TEXT } from '../../../functions/domain/wallets/texts';
import {
  $activeWallet,
  $chains,
  $wallet,
  $walletOptions,
  type ConnectedWallet,
  connectWallet,
  disconnectWallet,
  setActiveWallet,
  startWallets,
  switchChain,
  type WalletOption,
} from '../../stores/wallet';

const errorText = (err: unknown) => (err instanceof Error ? err.message : WALLET_TEXT.walletFailed);

function WalletIcon({ option }: { option: WalletOption | undefined }) {
  return option?.icon ? (
    <img className="wallet-icon" src={option.icon} alt="" width={28} height={28} />
  ) : (
    <span className="wallet-icon wallet-icon-blank" aria-hidden="true" />
  );
}

/** Types an address, answers with its checksummed form or the 'Invalid address' text. */
function AddressCheck() {
  const id = useId();
  const [text, setText] = useState('');
  const trimmed = text.trim();
  const address = trimmed ? parseAddress(trimmed) : null;
  return (
    <div className="field wallet-address-check">
      <label htmlFor={id}>Check an address</label>
      <input
        id={id}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="0x…"
        spellCheck={false}
        autoComplete="off"
        autoCapitalize="off"
        data-address-input
      />
      {trimmed &&
        (address ? (
          <small className="wallet-address-ok" data-address-result="valid">
            Valid: <code>{address}</code>
          </small>
        ) : (
          <small className="error-text" role="alert" data-address-result="invalid">
            {WALLET_TEXT.invalidAddress}
          </small>
        ))}
    </div>
  );
}

function ActiveWallet({ wallet, option, run }: { wallet: ConnectedWallet; option?: WalletOption; run: Runner }) {
  const chains = useStore($chains);
  const list = chains?.chains ?? [];
  const account = wallet.accounts[0] ?? '';
  const known = list.some((c) => c.id === wallet.chainId);
  return (
    <section className="wallet-active" aria-label="Active wallet" data-active-wallet={wallet.id}>
      <div className="wallet-row">
        <WalletIcon option={option} />
        <div className="wallet-who">
          <strong>{option?.name ?? wallet.id}</strong>
          <code title={account} data-active-account={account}>
            {shortAddress(account)}
          </code>
        </div>
        <button
          type="button"
          className="btn btn-danger btn-small"
          onClick={() => run(() => disconnectWallet(wallet.id))}
          data-disconnect
        >
          Disconnect
        </button>
      </div>
      <div className="field">
        <label htmlFor="wallet-chain">Network</label>
        <select
          id="wallet-chain"
          value={wallet.chainId ?? ''}
          onChange={(e) => run(() => switchChain(Number(e.target.value)))}
          data-chain-select
          data-chain-id={wallet.chainId ?? ''}
        >
          {!known && (
            <option value={wallet.chainId ?? ''}>
              {wallet.chainId ? chainName(list, wallet.chainId) : 'Unknown network'}
            </option>
          )}
          {list.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
    </section>
  );
}

type Runner = (action: () => Promise<unknown> | unknown) => Promise<void>;

/**
 * The wallet picker (a modal dialog): the injected wallets this browser has, connect, the active
 * account and network, switch network, disconnect, other connected wallets; an address check.
 */
export function WalletPicker({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const state = useStore($wallet);
  const options = useStore($walletOptions);
  const active = useStore($activeWallet);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    void startWallets();
  }, []);
  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) {
      setError(null);
      d.showModal();
    } else if (!open && d.open) d.close();
  }, [open]);

  const run: Runner = async (action) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const optionOf = (id: string) => options.find((o) => o.id === id);
  const others = state.connected.filter((w) => w.id !== active?.id);
  const notConnected = options.filter((o) => !state.connected.some((w) => w.id === o.id));

  return (
    <dialog
      ref={dialog}
      className="wallet-dialog"
      aria-labelledby="wallet-title"
      aria-busy={busy}
      data-wallet-picker
      data-status={state.status}
      onClose={onClose}
      onCancel={onClose}
    >
      <div className="wallet-head">
        <h2 id="wallet-title">Wallet</h2>
        <button type="button" className="icon-btn" aria-label="Close" onClick={onClose} data-wallet-close>
          ✕
        </button>
      </div>

      {active ? (
        <ActiveWallet wallet={active} option={optionOf(active.id)} run={run} />
      ) : (
        state.status !== 'unknown' && (
          <p className="muted" data-wallet-none>
            No wallet connected.
          </p>
        )
      )}
      {error && (
        <p className="error-text" role="alert" data-wallet-error>
          {error}
        </p>
      )}

      {others.length > 0 && (
        <section aria-label="Other connected wallets">
          <h3>Also connected</h3>
          <ul className="wallet-list">
            {others.map((w) => (
              <li key={w.id} className="wallet-row" data-connected-wallet={w.id}>
                <WalletIcon option={optionOf(w.id)} />
                <div className="wallet-who">
                  <strong>{optionOf(w.id)?.name ?? w.id}</strong>
                  <code title={w.accounts[0]}>{shortAddress(w.accounts[0] ?? '')}</code>
                </div>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => run(() => setActiveWallet(w.id))}
                  data-use-wallet
                >
                  Use
                </button>
                <button
                  type="button"
                  className="btn btn-small"
                  onClick={() => run(() => disconnectWallet(w.id))}
                  data-disconnect-other
                >
                  Disconnect
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-label="Connect a wallet">
        <h3>{state.connected.length ? 'Connect another wallet' : 'Connect a wallet'}</h3>
        {options.length === 0 ? (
          <p className="muted" data-no-wallets>
            {WALLET_TEXT.walletNoneFound}
          </p>
        ) : (
          notConnected.length > 0 && (
            <ul className="wallet-list">
              {notConnected.map((o) => (
                <li key={o.id}>
                  <button
                    type="button"
                    className="btn wallet-option"
                    disabled={busy}
                    onClick={() => run(() => connectWallet(o.id))}
                    data-connect-wallet={o.id}
                  >
                    <WalletIcon option={o} />
                    {o.name}
                  </button>
                </li>
              ))}
            </ul>
          )
        )}
      </section>

      <AddressCheck />
    </dialog>
  );
}
