import { createSiweMessage } from 'viem/siwe';
import { WALLET_TEXT } from '../../../functions/domain/wallets/texts';
import { api, call } from '../../lib/api-client';
import {
  $activeAccount,
  $activeWallet,
  $chains,
  $walletOptions,
  signWithActiveWallet,
  startWallets,
  unsupportedChainMessage,
  WalletError,
} from '../../stores/wallet';

/** How long the signed message is valid: inside the server's nonce lifetime. */
const MESSAGE_TTL_MS = 5 * 60_000;

/**
 * Links the active wallet to the signed-in account on the wallet's current network: a nonce from the
 * server, an EIP-4361 message for this site, the wallet's signature, then the server checks and
 * stores it. Without an active wallet, opens the picker and says so; returns whether it linked.
 */
export async function linkActiveWallet(): Promise<boolean> {
  await startWallets();
  const wallet = $activeWallet.get();
  const address = $activeAccount.get();
  if (!wallet || !address) {
    // No wallet in this browser to connect: the picker would only repeat it; say how to get one.
    if ($walletOptions.get().length === 0)
      throw new WalletError(`${WALLET_TEXT.noActiveWallet}. ${WALLET_TEXT.walletHowToGet}`);
    const { openWalletPicker } = await import('./mount');
    openWalletPicker();
    throw new WalletError(WALLET_TEXT.noActiveWallet);
  }
  const chainId = wallet.chainId;
  if (!chainId || !$chains.get()?.chains.some((c) => c.id === chainId))
    throw new WalletError(unsupportedChainMessage());
  const { nonce } = await call(api.wallets.nonce.$post());
  const issuedAt = new Date();
  const message = createSiweMessage({
    domain: window.location.host,
    uri: window.location.origin,
    address,
    chainId,
    nonce,
    version: '1',
    statement: WALLET_TEXT.walletSignInStatement,
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + MESSAGE_TTL_MS),
  });
  const signature = await signWithActiveWallet(message);
  await call(api.wallets.index.$post({ json: { message, signature } }));
  return true;
}
