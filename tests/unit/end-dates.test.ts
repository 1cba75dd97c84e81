import { describe, expect, it } from 'vitest';
import {
  campaignEndsAt,
  checkoutClosed,
  checkoutClosesInMs,
  checkoutExpiresAt,
  hasEnded,
  utcToday,
} from '../../functions/domain/campaigns/end-date';
import { daysLeft, progressPercent } from '../../functions/domain/campaigns/format';

const at = (iso: string) => new Date(iso);

describe('when a campaign ends', () => {
  it('ends at the end of its end date in UTC: the last second still counts, the next instant does not', () => {
    expect(campaignEndsAt('2030-06-30').toISOString()).toBe('2030-07-01T00:00:00.000Z');
    expect(hasEnded('2030-06-30', at('2030-06-30T23:59:59.999Z'))).toBe(false);
    expect(hasEnded('2030-06-30', at('2030-07-01T00:00:00.000Z'))).toBe(true);
    expect(utcToday(at('2030-06-30T23:59:59Z'))).toBe('2030-06-30');
  });

  it('closes new checkouts 30 minutes before the end', () => {
    expect(checkoutClosed('2030-06-30', at('2030-06-30T23:29:59Z'))).toBe(false);
    expect(checkoutClosed('2030-06-30', at('2030-06-30T23:30:00Z'))).toBe(true);
    expect(checkoutClosed('2030-06-30', at('2030-07-02T00:00:00Z'))).toBe(true);
  });

  it('counts down to that moment for the fund form, and stays at 0 once it passed', () => {
    expect(checkoutClosesInMs('2030-06-30', at('2030-06-30T23:00:00Z'))).toBe(30 * 60_000);
    expect(checkoutClosesInMs('2030-06-30', at('2030-06-30T23:29:59Z'))).toBe(1000);
    expect(checkoutClosesInMs('2030-06-30', at('2030-06-30T23:30:00Z'))).toBe(0);
    expect(checkoutClosesInMs('2030-06-30', at('2030-07-02T00:00:00Z'))).toBe(0);
  });

  it("caps a session's expiry at the end, and leaves Stripe's 24 hours when the end is further", () => {
    const end = Date.parse('2030-07-01T00:00:00Z') / 1000;
    expect(checkoutExpiresAt('2030-06-30', at('2030-06-30T12:00:00Z'))).toBe(end);
    expect(checkoutExpiresAt('2030-06-30', at('2030-06-30T00:00:01Z'))).toBe(end);
    expect(checkoutExpiresAt('2030-06-30', at('2030-06-30T00:00:00Z'))).toBeUndefined();
    expect(checkoutExpiresAt('2030-07-15', at('2030-06-30T12:00:00Z'))).toBeUndefined();
  });
});

describe('days left and progress', () => {
  it('shows 0 days left on the last day and after it, never a negative number', () => {
    expect(daysLeft('2030-06-30', '2030-06-28')).toBe(2);
    expect(daysLeft('2030-06-30', '2030-06-30')).toBe(0);
    expect(daysLeft('2030-06-30', '2030-07-09')).toBe(0);
    expect(daysLeft('not a date', '2030-07-09')).toBe(0);
  });

  it('caps progress at 100 percent when raised passes the goal', () => {
    expect(progressPercent(250_000, 500_000)).toBe(50);
    expect(progressPercent(500_000, 500_000)).toBe(100);
    expect(progressPercent(1_250_000, 500_000)).toBe(100);
    expect(progressPercent(10, 0)).toBe(0);
  });
});
