import { describe, expect, it } from 'vitest';
import { formatClock, formatDuration, parseRuntime } from '../../functions/domain/films/duration';

describe('a film length for people', () => {
  it.each([
    [0, '0 s'],
    [6, '6 s'],
    [6.4, '6 s'],
    [59, '59 s'],
    [59.6, '1 min'],
    [60, '1 min'],
    [89, '1 min'],
    [90, '2 min'],
    [42 * 60, '42 min'],
    [59 * 60 + 29, '59 min'],
    [3599, '1 h'],
    [3600, '1 h'],
    [3600 + 42 * 60, '1 h 42 min'],
    [2 * 3600, '2 h'],
    [2 * 3600 - 10, '2 h'],
    [10 * 3600, '10 h'],
  ])('%s s → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it('says nothing for a length that is not a number of seconds', () => {
    for (const v of [null, undefined, Number.NaN, -1, Number.POSITIVE_INFINITY]) expect(formatDuration(v)).toBeNull();
  });
});

describe('the runtime field', () => {
  it.each([
    ['0:00:06', 6],
    ['0:06', 6],
    ['42:10', 42 * 60 + 10],
    ['1:42:00', 3600 + 42 * 60],
    ['10:00:00', 36_000],
    ['95', 95 * 60],
    [' 1.5 ', 90],
  ])('%j → %s s', (text, seconds) => {
    expect(parseRuntime(text)).toBe(seconds);
  });

  it.each(['', 'abc', '1:60', '1:60:00', '1:5', '-3', '1::00', '1:00:00:00'])('%j is not a runtime', (text) => {
    expect(parseRuntime(text)).toBeNaN();
  });

  it('shows seconds as h:mm:ss, and reads back what it shows', () => {
    expect(formatClock(6)).toBe('0:00:06');
    expect(formatClock(3600 + 42 * 60)).toBe('1:42:00');
    for (const s of [1, 59, 60, 3599, 3600, 36_000]) expect(parseRuntime(formatClock(s))).toBe(s);
  });
});
