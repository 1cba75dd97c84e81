import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../functions/domain/films/duration';

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
