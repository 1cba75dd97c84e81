/**
 * USDC amounts of the coins' sale: USDC has 6 decimals, and one coin costs the campaign's price (in
 * ten-thousandths of a dollar) × 100 units (docs/coins.md, "The sale").
 */
export const USDC_DECIMALS = 6;

/** USDC units one coin costs at `price` ten-thousandths of a dollar. */
export const unitsPerCoin = (price: number): bigint => BigInt(price) * 100n;

/** A USDC amount in units, written with at least two decimals and no trailing zeros beyond them: 2.5 → "2.50". */
export function formatUsdc(units: bigint): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const whole = abs / 1_000_000n;
  const fraction = (abs % 1_000_000n).toString().padStart(USDC_DECIMALS, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${negative ? '-' : ''}${whole.toLocaleString('en-US')}.${fraction}`;
}

/** Whole coins from a coin amount in its 18-decimal units (rounded down). */
export const wholeCoins = (amount: bigint): bigint => amount / 10n ** 18n;

/** What one press of the local faucet gives: 1,000 test USDC (functions/services/coins/faucet.ts). */
export const FAUCET_USDC_UNITS = 1_000n * 1_000_000n;

/** A coin amount in its 18-decimal units, written with at most two decimals (rounded down): 1234.5 → "1,234.5". */
export function formatCoinUnits(amount: bigint): string {
  const one = 10n ** 18n;
  const whole = amount / one;
  const cents = ((amount % one) * 100n) / one;
  const fraction = cents === 0n ? '' : `.${cents.toString().padStart(2, '0').replace(/0$/, '')}`;
  return `${whole.toLocaleString('en-US')}${fraction}`;
}
