import { describe, expect, it } from 'vitest';
import { computeShares, MAX_TEAM_SIZE, totalIsBalanced } from '../../functions/domain/campaigns/shares';

describe('revenue shares', () => {
  for (let members = 1; members <= MAX_TEAM_SIZE; members++) {
    it(`sum to exactly 100.0 % for ${members} member(s) at every fee 0–100`, () => {
      const contributors = members - 1;
      for (let fee = 0; fee <= 100; fee++) {
        const s = computeShares(fee, contributors);
        expect(s.feePermille + s.originatorPermille + s.contributorPermille * contributors).toBe(1000);
        const rest = 1000 - fee * 10;
        // Each contributor gets the equal split rounded down to one decimal…
        expect(s.contributorPermille).toBe(Math.floor(rest / members));
        // …and the originator that plus the rounding remainder, which is less than one tenth per member.
        expect(s.originatorPermille - s.contributorPermille).toBeGreaterThanOrEqual(0);
        expect(s.originatorPermille - s.contributorPermille).toBeLessThan(members);
        for (const v of [s.originatorPermille, s.contributorPermille]) expect(Number.isInteger(v)).toBe(true);
      }
    });
  }

  it('gives the examples a person would check by hand', () => {
    expect(computeShares(10, 0)).toMatchObject({ feePermille: 100, originatorPermille: 900 });
    expect(computeShares(10, 1)).toEqual({ feePermille: 100, originatorPermille: 450, contributorPermille: 450 });
    // 90 % over 7 = 12.857… → 12.8 each, the originator 12.8 + 0.4
    expect(computeShares(10, 6)).toEqual({ feePermille: 100, originatorPermille: 132, contributorPermille: 128 });
    expect(computeShares(100, 3)).toEqual({ feePermille: 1000, originatorPermille: 0, contributorPermille: 0 });
  });

  it('refuses a fee outside 0–100 or a fractional one', () => {
    expect(() => computeShares(-1, 0)).toThrow();
    expect(() => computeShares(101, 0)).toThrow();
    expect(() => computeShares(2.5, 0)).toThrow();
    expect(() => computeShares(10, -1)).toThrow();
  });

  it('shows green within 0.05 of 100', () => {
    expect(totalIsBalanced(100)).toBe(true);
    expect(totalIsBalanced(99.95)).toBe(true);
    expect(totalIsBalanced(100.05)).toBe(true);
    expect(totalIsBalanced(99.9)).toBe(false);
    expect(totalIsBalanced(100.1)).toBe(false);
  });
});
