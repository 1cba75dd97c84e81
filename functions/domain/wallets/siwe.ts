import type { Address } from 'viem';
import { parseSiweMessage } from 'viem/siwe';
import { type ChainInfo, chainName } from '../chains/info';
import { fillText, TEXT } from '../texts';
import { parseAddress } from './address';

/** How far a signer's clock may run ahead of ours when it stamps "Issued At". */
export const SIWE_CLOCK_SKEW_MS = 5 * 60_000;

export interface SiweExpectations {
  /** The site's own address (PUBLIC_URL): the message's domain and URI must be this site. */
  publicUrl: string;
  chains: readonly Pick<ChainInfo, 'id' | 'name'>[];
  now: Date;
}

export type SiweRefusalReason = 'invalid_message' | 'invalid_address' | 'wrong_domain' | 'wrong_chain' | 'expired';

export type SiweCheck =
  | { ok: true; address: Address; chainId: number; nonce: string }
  | { ok: false; reason: SiweRefusalReason; message: string };

const refuse = (reason: SiweRefusalReason, message: string): SiweCheck => ({ ok: false, reason, message });
const validDate = (d: Date | undefined): d is Date => d instanceof Date && !Number.isNaN(d.getTime());

function sameOrigin(uri: string, site: URL): boolean {
  try {
    return new URL(uri).origin === site.origin;
  } catch {
    return false;
  }
}

/**
 * The EIP-4361 fields of a Sign-In-with-Ethereum message checked against this site: a well-formed
 * message (version 1, a nonce, Issued At), a valid address, this site's domain, scheme and URI, one
 * of the configured chains, and inside its validity window. The signature and nonce are checked by
 * the caller.
 */
export function checkSiweMessage(text: string, expect: SiweExpectations): SiweCheck {
  const m = parseSiweMessage(text);
  const addressLine = /^[^\n]* wants you to sign in with your Ethereum account:\n([^\n]*)\n/.exec(text)?.[1];
  if (addressLine !== undefined && !parseAddress(addressLine)) return refuse('invalid_address', TEXT.invalidAddress);
  if (!m.address || !m.domain || !m.uri || m.version !== '1' || !m.chainId || !m.nonce || !validDate(m.issuedAt)) {
    return refuse('invalid_message', TEXT.walletMessageInvalid);
  }
  const address = parseAddress(m.address);
  if (!address) return refuse('invalid_address', TEXT.invalidAddress);

  const site = new URL(expect.publicUrl);
  if (m.domain !== site.host) return refuse('wrong_domain', TEXT.walletWrongDomain);
  if (m.scheme && `${m.scheme}:` !== site.protocol) return refuse('wrong_domain', TEXT.walletWrongDomain);
  if (!sameOrigin(m.uri, site)) return refuse('wrong_domain', TEXT.walletWrongDomain);

  if (!expect.chains.some((c) => c.id === m.chainId)) {
    const names = expect.chains.map((c) => chainName(expect.chains, c.id)).join(', ');
    return refuse('wrong_chain', fillText(TEXT.walletWrongChain, { chains: names }));
  }

  const now = expect.now.getTime();
  if (m.issuedAt.getTime() > now + SIWE_CLOCK_SKEW_MS) return refuse('invalid_message', TEXT.walletMessageInvalid);
  if (m.expirationTime !== undefined && (!validDate(m.expirationTime) || m.expirationTime.getTime() <= now)) {
    return refuse('expired', TEXT.walletMessageExpired);
  }
  if (m.notBefore !== undefined && (!validDate(m.notBefore) || m.notBefore.getTime() > now)) {
    return refuse('expired', TEXT.walletMessageExpired);
  }
  return { ok: true, address, chainId: m.chainId, nonce: m.nonce };
}
