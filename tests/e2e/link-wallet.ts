import type { BrowserContext } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { LOCAL_CHAIN_ID } from '../../functions/domain/chains/info';
import { apiJson } from './api';
import { baseUrl } from './browser';

/** Links a fresh wallet to the context's account on the local chain, as /account does (Sign-In-with-Ethereum). */
export async function linkLocalWallet(context: BrowserContext, account = privateKeyToAccount(generatePrivateKey())) {
  const { nonce } = await apiJson<{ nonce: string }>(context, 'POST', '/api/wallets/nonce');
  const now = new Date();
  const message = createSiweMessage({
    domain: new URL(baseUrl()).host,
    uri: baseUrl(),
    address: account.address,
    chainId: LOCAL_CHAIN_ID,
    nonce,
    version: '1',
    statement: 'Link this wallet to your Reelfund account.',
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 5 * 60_000),
  });
  await apiJson(context, 'POST', '/api/wallets', { message, signature: await account.signMessage({ message }) });
}
