/**
 * The numbers of a creator coin, as the contracts fix them (see docs/coins.md), and the split arithmetic the
 * contracts do, for screens that show it before or without asking the chain.
 */

/** 18 decimals: one whole coin in the coin's smallest unit. */
export const ONE_COIN = 10n ** 18n;
/** Whole coins. */
export const COIN_SUPPLY = { total: 200_000n, fans: 100_000n, team: 40_000n, marketing: 30_000n, reserve: 30_000n };
/** USDC has 6 decimals, a coin price is in ten-thousandths of a dollar: one price unit is 100 USDC units. */
export const USDC_UNITS_PER_PRICE_UNIT = 100n;
/** A twelfth of a 365-day year, in seconds. */
export const MONTH = 2_628_000n;
/** Nothing vests before the cliff ends; then a member's coins vest linearly over `vesting` seconds. */
export const TEAM_SCHEDULE = { cliff: 6n * MONTH, vesting: 24n * MONTH };
export const RESERVE_SCHEDULE = { cliff: 12n * MONTH, vesting: 36n * MONTH };

/** USDC units one coin costs at `price` ten-thousandths of a dollar. */
export const usdcPerCoin = (price: number | bigint) => BigInt(price) * USDC_UNITS_PER_PRICE_UNIT;

/**
 * How a sale's cost is credited: the fee is cost × fee% rounded down; each contributor (members after the first)
 * gets the rest × their share / the members' total share, rounded down; the originator (first) what is left.
 */
export function splitProceeds(cost: bigint, feePercent: number | bigint, shares: readonly bigint[]) {
  const fee = (cost * BigInt(feePercent)) / 100n;
  const rest = cost - fee;
  const total = shares.reduce((a, b) => a + b, 0n);
  const members = shares.map((s, i) => (i === 0 ? 0n : (rest * s) / total));
  members[0] = rest - members.reduce((a, b) => a + b, 0n);
  return { fee, members };
}

/** Each member's locked coins (smallest unit): whole coins by share, rounded down; the originator the rest. */
export function vestingAllocations(supply: bigint, shares: readonly bigint[]): bigint[] {
  const total = shares.reduce((a, b) => a + b, 0n);
  const whole = supply / ONE_COIN;
  const out = shares.map((s, i) => (i === 0 ? 0n : ((whole * s) / total) * ONE_COIN));
  out[0] = supply - out.reduce((a, b) => a + b, 0n);
  return out;
}

/** Coins of an allocation vested `elapsed` seconds after the start. */
export function vestedAfter(allocation: bigint, schedule: { cliff: bigint; vesting: bigint }, elapsed: bigint) {
  if (elapsed < schedule.cliff) return 0n;
  const linear = elapsed - schedule.cliff;
  return linear >= schedule.vesting ? allocation : (allocation * linear) / schedule.vesting;
}
