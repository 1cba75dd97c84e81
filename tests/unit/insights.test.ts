import { describe, expect, it } from 'vitest';
import { dailySeries, MAX_CHART_DAYS } from '../../functions/services/insights/internal/daily';
import { centsToDollars, csvField, statementFileName } from '../../functions/services/insights/internal/statement-csv';

describe('centsToDollars', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [1200, '12.00'],
    [-123456, '-1234.56'],
    [100_000_001, '1000000.01'],
  ])('%i → %s', (cents, text) => {
    expect(centsToDollars(cents)).toBe(text);
  });
});

describe('csvField', () => {
  it('leaves plain text alone and quotes commas, quotes and line breaks', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('defuses formulas in text but not in numbers', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('+x')).toBe("'+x");
    expect(csvField('-12.00', 'number')).toBe('-12.00');
  });

  it('names the file without anything but letters, digits and dashes', () => {
    expect(statementFileName(null)).toBe('reelfund-statement.csv');
    expect(statementFileName('ab-12"; x=y')).toBe('reelfund-statement-ab-12xy.csv');
  });
});

describe('dailySeries', () => {
  it('fills every day from the day before the first to today with a running total', () => {
    const series = dailySeries(
      [
        { day: '2026-11-01', cents: 1000 },
        { day: '2026-11-03', cents: -200 },
      ],
      '2026-11-04',
    );
    expect(series).toEqual([
      { date: '2026-10-31', raisedCents: 0, cumulativeCents: 0 },
      { date: '2026-11-01', raisedCents: 1000, cumulativeCents: 1000 },
      { date: '2026-11-02', raisedCents: 0, cumulativeCents: 1000 },
      { date: '2026-11-03', raisedCents: -200, cumulativeCents: 800 },
      { date: '2026-11-04', raisedCents: 0, cumulativeCents: 800 },
    ]);
  });

  it('no money: two flat days ending today', () => {
    expect(dailySeries([], '2026-01-01')).toEqual([
      { date: '2025-12-31', raisedCents: 0, cumulativeCents: 0 },
      { date: '2026-01-01', raisedCents: 0, cumulativeCents: 0 },
    ]);
  });

  it('keeps the latest days only, the total still counting the earlier ones', () => {
    const series = dailySeries([{ day: '2020-01-01', cents: 500 }], '2026-01-01');
    expect(series).toHaveLength(MAX_CHART_DAYS);
    expect(series.at(-1)).toEqual({ date: '2026-01-01', raisedCents: 0, cumulativeCents: 500 });
  });
});
