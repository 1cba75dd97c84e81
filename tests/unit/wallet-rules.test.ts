import { base, baseSepolia, hardhat } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { configuredChains } from '../../functions/domain/chains/configured';
import { BASE_ID, BASE_SEPOLIA_ID, KNOWN_CHAIN_NAMES, LOCAL_CHAIN_ID } from '../../functions/domain/chains/info';
import { TEXT } from '../../functions/domain/texts';
import { checkAddress, parseAddress, shortAddress } from '../../functions/domain/wallets/address';

const CHECKSUMMED = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('typed addresses', () => {
  it('accepts 40 hex digits in lower case or with the right checksum, and answers the checksummed form', () => {
    expect(parseAddress(CHECKSUMMED)).toBe(CHECKSUMMED);
    expect(parseAddress(CHECKSUMMED.toLowerCase())).toBe(CHECKSUMMED);
    expect(parseAddress(`  ${CHECKSUMMED}\n`)).toBe(CHECKSUMMED);
  });

  it("refuses a wrong checksum, all capitals, a wrong length or no 0x with 'Invalid address'", () => {
    const wrongCase = CHECKSUMMED.replace('aA', 'Aa');
    const allCaps = `0x${CHECKSUMMED.slice(2).toUpperCase()}`;
    for (const text of [
      wrongCase,
      allCaps,
      CHECKSUMMED.slice(0, -1),
      CHECKSUMMED.slice(2),
      `${CHECKSUMMED}0`,
      '0xZZ',
      '',
    ]) {
      expect(parseAddress(text), text).toBeNull();
      expect(() => checkAddress(text)).toThrow(TEXT.invalidAddress);
    }
  });

  it('shortens an address to its start and end', () => {
    expect(shortAddress(CHECKSUMMED)).toBe('0x5aAe…eAed');
  });
});

describe('configured chains', () => {
  it('offers Base Sepolia (default) and Base, and the local Hardhat chain only locally', () => {
    const local = configuredChains({ ENVIRONMENT: 'local' });
    const production = configuredChains({ ENVIRONMENT: 'production' });
    expect(local.defaultChainId).toBe(BASE_SEPOLIA_ID);
    expect(production.defaultChainId).toBe(BASE_SEPOLIA_ID);
    expect(local.chains.map((c) => c.id)).toEqual([BASE_SEPOLIA_ID, BASE_ID, LOCAL_CHAIN_ID]);
    expect(production.chains.map((c) => c.id)).toEqual([BASE_SEPOLIA_ID, BASE_ID]);
    expect(local.chains[0]).toEqual({
      id: 84532,
      name: 'Base Sepolia',
      rpc: 'https://sepolia.base.org',
      nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
      blockExplorers: [
        { name: 'Basescan', url: 'https://sepolia.basescan.org', apiUrl: 'https://api-sepolia.basescan.org/api' },
      ],
      testnet: true,
    });
    expect(production.chains[1]?.testnet).toBe(false);
  });

  it("keeps the names the browser bundle knows equal to viem's definitions", () => {
    for (const chain of [baseSepolia, base, hardhat]) expect(KNOWN_CHAIN_NAMES[chain.id]).toBe(chain.name);
  });
});
