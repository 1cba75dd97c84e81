import { type Address, getAddress, isAddress } from 'viem';
import { WALLET_TEXT } from './texts';

/**
 * An address a person typed or a message carried, as its checksummed (EIP-55) form, or null. Valid
 * means 0x and 40 hex digits, either all lower-case or with exactly the capitals of its checksum.
 */
export function parseAddress(text: string): Address | null {
  const trimmed = text.trim();
  return isAddress(trimmed, { strict: true }) ? getAddress(trimmed) : null;
}

/** parseAddress, throwing the product's 'Invalid address' text for anything else. */
export function checkAddress(text: string): Address {
  const address = parseAddress(text);
  if (!address) throw new Error(WALLET_TEXT.invalidAddress);
  return address;
}

/** 0x1234…abcd: the start and end of a checksummed address, for places too narrow for all of it. */
export function shortAddress(address: string): string {
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address;
}
