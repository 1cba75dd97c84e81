import { describe, expect, it } from 'vitest';
import {
  dollarsToCents,
  dollarsToCoinPrice,
  isIsoDate,
  normalizeCoinSymbol,
  serverToday,
  validateCampaignFields,
  validateCoinSettings,
  validatePlatformFee,
} from '../../functions/domain/campaigns/validation';
import { TEXT } from '../../functions/domain/texts';

const today = '2030-06-15';
const good = { title: 'Night Shift', goalAmount: 500_000, endDate: '2030-07-01' };
const messages = (
  input: Parameters<typeof validateCampaignFields>[0],
  ctx: Partial<Parameters<typeof validateCampaignFields>[1]> = {},
) => validateCampaignFields(input, { isNew: true, today, ...ctx }).map((e) => e.message);

describe('campaign validation — every message', () => {
  it('accepts a good new campaign', () => {
    expect(messages(good)).toEqual([]);
  });

  it("'Campaign title is required' for a missing or blank title", () => {
    expect(messages({ ...good, title: '' })).toEqual([TEXT.titleRequired]);
    expect(messages({ ...good, title: '   ' })).toEqual([TEXT.titleRequired]);
    expect(messages({ ...good, title: undefined })).toEqual([TEXT.titleRequired]);
  });

  it("'Please enter a valid goal amount' for a goal that is not a number above 0", () => {
    for (const goalAmount of [0, -100, Number.NaN, '5000', undefined, 12.5])
      expect(messages({ ...good, goalAmount })).toEqual([TEXT.invalidGoal]);
    expect(messages({ goalAmount: 0 }, { isNew: false })).toEqual([TEXT.invalidGoal]);
  });

  it("'Funding goal must be between $1,000 and $10,000' for a new campaign outside the range", () => {
    expect(messages({ ...good, goalAmount: 99_900 })).toEqual([TEXT.goalRange]);
    expect(messages({ ...good, goalAmount: 1_100_000 })).toEqual([TEXT.goalRange]);
    expect(messages({ ...good, goalAmount: 100_000 })).toEqual([]);
    expect(messages({ ...good, goalAmount: 1_000_000 })).toEqual([]);
  });

  it("'Funding goal must be in $1,000 increments (e.g., $1,000, $2,000, etc.)' between the steps", () => {
    expect(messages({ ...good, goalAmount: 150_000 })).toEqual([TEXT.goalIncrement]);
    expect(messages({ ...good, goalAmount: 300_050 })).toEqual([TEXT.goalIncrement]);
  });

  it('lets an edit set any goal above 0', () => {
    expect(messages({ goalAmount: 1_234_567 }, { isNew: false })).toEqual([]);
    expect(messages({ goalAmount: 1 }, { isNew: false })).toEqual([]);
  });

  it("'Campaign end date must be in the future' before today, unless completed", () => {
    expect(messages({ ...good, endDate: '2030-06-14' })).toEqual([TEXT.endDateFuture]);
    expect(messages({ ...good, endDate: today })).toEqual([]);
    expect(messages({ ...good, endDate: 'soon' })).toEqual([TEXT.endDateFuture]);
    expect(messages({ ...good, endDate: '2030-02-30' })).toEqual([TEXT.endDateFuture]);
    expect(messages({ endDate: '2020-01-01' }, { isNew: false, status: 'live' })).toEqual([TEXT.endDateFuture]);
    expect(messages({ endDate: '2020-01-01' }, { isNew: false, status: 'completed' })).toEqual([]);
  });

  it('checks only the fields an edit sends', () => {
    expect(messages({ description: 'new words' }, { isNew: false })).toEqual([]);
    expect(messages({ title: 'x'.repeat(201) }, { isNew: false })).toEqual([TEXT.titleTooLong]);
  });

  it('platform fee is a whole number 0–100', () => {
    expect(validatePlatformFee(0)).toEqual([]);
    expect(validatePlatformFee(100)).toEqual([]);
    for (const fee of [-1, 101, 2.5, '10'])
      expect(validatePlatformFee(fee).map((e) => e.message)).toEqual([TEXT.platformFeeRange]);
  });

  it('coin symbol is upper-cased and at most 6; price at least $0.01 in $0.01 steps (ten-thousandths)', () => {
    expect(normalizeCoinSymbol(' reel ')).toBe('REEL');
    expect(validateCoinSettings({ creatorCoinSymbol: 'REELFN' })).toEqual([]);
    expect(validateCoinSettings({ creatorCoinSymbol: 'REELFUN' }).map((e) => e.message)).toEqual([
      TEXT.coinSymbolInvalid,
    ]);
    expect(validateCoinSettings({ creatorCoinSymbol: '' }).map((e) => e.message)).toEqual([TEXT.coinSymbolInvalid]);
    expect(validateCoinSettings({ creatorCoinPrice: 100 })).toEqual([]);
    expect(validateCoinSettings({ creatorCoinPrice: 99 }).map((e) => e.message)).toEqual([TEXT.coinPriceInvalid]);
    expect(validateCoinSettings({ creatorCoinPrice: 150 }).map((e) => e.message)).toEqual([TEXT.coinPriceInvalid]);
    expect(dollarsToCoinPrice('0.10')).toBe(1000);
    expect(dollarsToCoinPrice('0.01')).toBe(100);
    expect(dollarsToCoinPrice('0.015')).toBeNaN();
  });

  it('reads dollar amounts as typed', () => {
    expect(dollarsToCents('3000')).toBe(300_000);
    expect(dollarsToCents('$3,000.50')).toBe(300_050);
    expect(dollarsToCents('')).toBeNaN();
    expect(dollarsToCents('-5')).toBeNaN();
    expect(dollarsToCents('abc')).toBeNaN();
  });

  it("takes the server's today from the earliest time zone", () => {
    expect(serverToday(Date.parse('2030-06-15T11:59:00Z'))).toBe('2030-06-14');
    expect(serverToday(Date.parse('2030-06-15T12:00:00Z'))).toBe('2030-06-15');
    expect(isIsoDate('2030-06-15')).toBe(true);
  });
});
