import type { LocalAccount } from 'viem';
import { type CreateSiweMessageParameters, createSiweMessage } from 'viem/siwe';
import { BASE_SEPOLIA_ID } from '../../functions/domain/chains/info';
import { ORIGIN } from './http';

/** A Sign-In-with-Ethereum message for the local site, as the /account page builds it; any field overridable. */
export function siweMessage(
  account: Pick<LocalAccount, 'address'>,
  nonce: string,
  overrides: Partial<CreateSiweMessageParameters> = {},
): string {
  const now = new Date();
  return createSiweMessage({
    domain: new URL(ORIGIN).host,
    uri: ORIGIN,
    address: account.address,
    chainId: BASE_SEPOLIA_ID,
    nonce,
    version: '1',
    statement: 'Link this wallet to your Reelfund account.',
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 5 * 60_000),
    ...overrides,
  });
}
