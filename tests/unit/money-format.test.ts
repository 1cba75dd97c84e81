import { describe, expect, it } from 'vitest';
import { formatCents } from '../../functions/domain/campaigns/format';
import { formatMoney } from '../../functions/domain/money/format';

describe('one money format', () => {
  it('shows every amount in dollars with two decimals, whole or not', () => {
    expect([formatCents(90_000), formatCents(47_250)]).toEqual(['$900.00', '$472.50']);
    for (const cents of [0, 1, 99, 100, 2_500, 90_000, 47_250, 123_456_789, -2_500]) {
      expect(formatCents(cents)).toBe(formatMoney(cents));
    }
  });
});
