import { sql } from 'drizzle-orm';
import type { LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe } from 'vitest';
import { BASE_SEPOLIA_ID } from '../../../functions/domain/chains/info';
import { NONCE_LIMIT } from '../../../functions/domain/wallets/limits';
import { issueWalletNonce, linkWallet, unlinkWallet } from '../../../functions/services/wallets';
import { siweMessage } from '../../support/siwe';
import { asViewer, jsonInit, makeUser, ORIGIN, type TestUser } from '../factories';
import { call, testDeps } from '../worker-call';
import { scenario } from './harness';

/*
 * Wallets: a nonce is personal bookkeeping; linking and unlinking a wallet (where coins and payouts
 * go) is audited as 'wallet'. Refused: a nonce past the account's limit (429), a message signed
 * for another account's nonce (400), and an unlink a guard forbids (409, after the batch changed
 * nothing).
 */

const me = (u: TestUser) => asViewer(u, ['viewer']);

async function nonceFor(u: TestUser) {
  const res = await call('/api/wallets/nonce', jsonInit('POST', undefined, u.cookie));
  if (res.status !== 201) throw new Error(`no nonce: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { nonce: string }).nonce;
}

async function signed(account: LocalAccount, nonce: string) {
  const message = siweMessage(account, nonce);
  return { message, signature: await account.signMessage({ message }) };
}

/** A person with a fresh nonce and a signed message for a new wallet on Base Sepolia. */
async function readyToLink() {
  const u = await makeUser([], 'wpw_holder');
  const other = await makeUser([], 'wpw_other');
  const account = privateKeyToAccount(generatePrivateKey());
  return { u, other, input: await signed(account, await nonceFor(u)) };
}

/** A person whose wallet is linked on Base Sepolia, through the API. */
async function linked() {
  const f = await readyToLink();
  const res = await call('/api/wallets', jsonInit('POST', f.input, f.u.cookie));
  if (res.status !== 201) throw new Error(`not linked: ${res.status} ${await res.text()}`);
  return f.u;
}

const KEEP_EVERY_WALLET = { blocks: () => sql`1`, message: 'This wallet must stay.' };

describe('write path: wallets', { timeout: 30_000 }, () => {
  scenario('wallets/issue-nonce#issueWalletNonce', {
    setup: async () => {
      const limited = await makeUser([], 'wpw_limited');
      for (let i = 0; i < NONCE_LIMIT.max; i++) await issueWalletNonce(testDeps(), me(limited));
      return { u: await makeUser([], 'wpw_nonce'), limited };
    },
    run: (s, f) => issueWalletNonce(s, me(f.u)),
    // Past the account's limit: 429.
    refuse: (s, f) => issueWalletNonce(s, me(f.limited)),
  });

  scenario('wallets/link#linkWallet', {
    setup: readyToLink,
    run: (s, f) => linkWallet(s, me(f.u), f.input),
    route: (f) => call('/api/wallets', jsonInit('POST', f.input, f.u.cookie)),
    // The nonce was issued to someone else: 400.
    refuse: (s, f) => linkWallet(s, me(f.other), f.input),
  });

  scenario('wallets/unlink#unlinkWallet', {
    setup: linked,
    run: (s, u) => unlinkWallet(s, me(u), BASE_SEPOLIA_ID),
    route: (u) =>
      call(`/api/wallets/${BASE_SEPOLIA_ID}`, { method: 'DELETE', headers: { origin: ORIGIN, cookie: u.cookie } }),
    refuse: (s, u) => unlinkWallet(s, me(u), BASE_SEPOLIA_ID, [KEEP_EVERY_WALLET]),
  });
});
