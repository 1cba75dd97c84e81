/**
 * Revenue shares, in integer tenths of a percent (permille) so the total is exact.
 * The platform fee is part of the 100 %; the rest is split equally among the originator and every
 * contributor, each share rounded down to one decimal; the rounding remainder goes to the
 * originator, so fee + originator + contributors is exactly 100.0 %.
 */
export const TOTAL_PERMILLE = 1000;
/** A total within 0.05 of 100 % shows green. */
export const SHARE_TOTAL_TOLERANCE = 0.05;
/** The originator plus at most 19 contributors. */
export const MAX_TEAM_SIZE = 20;
export const DEFAULT_PLATFORM_FEE = 10;

export interface ShareSplit {
  feePermille: number;
  originatorPermille: number;
  /** Each contributor's share (all equal). */
  contributorPermille: number;
}

export function computeShares(feePercent: number, contributorCount: number): ShareSplit {
  if (!Number.isInteger(feePercent) || feePercent < 0 || feePercent > 100) throw new RangeError('fee must be 0-100');
  if (!Number.isInteger(contributorCount) || contributorCount < 0) throw new RangeError('bad contributor count');
  const feePermille = feePercent * 10;
  const rest = TOTAL_PERMILLE - feePermille;
  const members = contributorCount + 1;
  const each = Math.floor(rest / members);
  return { feePermille, contributorPermille: each, originatorPermille: rest - each * contributorCount };
}

/** 455 → 45.5 */
export const permilleToPercent = (permille: number) => permille / 10;

export const formatPercent = (permille: number) => `${(permille / 10).toFixed(1)}%`;

/** Whether shares (in percent) add up to 100 within the tolerance that shows green. */
export const totalIsBalanced = (percentTotal: number) => Math.abs(percentTotal - 100) <= SHARE_TOTAL_TOLERANCE + 1e-9;
