import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHAIN_LATE, CHAIN_READ_DEADLINE_MS, readInTime } from '../../functions/chain/read-in-time';

afterEach(() => {
  vi.useRealTimers();
});

describe('a chain read for a page', () => {
  it('gives the value the chain answered', async () => {
    expect(await readInTime(Promise.resolve(42n))).toEqual({ value: 42n });
  });

  it("gives the chain's own words when the read fails", async () => {
    expect(await readInTime(Promise.reject(new Error('execution reverted')))).toEqual({
      error: 'execution reverted',
    });
  });

  it('gives up at the deadline with CHAIN_LATE, and not a moment before', async () => {
    vi.useFakeTimers();
    let outcome: unknown = 'pending';
    const never = new Promise<bigint>(() => {});
    void readInTime(never).then((r) => {
      outcome = r;
    });
    await vi.advanceTimersByTimeAsync(CHAIN_READ_DEADLINE_MS - 1);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toEqual({ error: CHAIN_LATE });
  });

  it('a read that answers after the deadline changes nothing', async () => {
    vi.useFakeTimers();
    let answer: (v: bigint) => void = () => {};
    const slow = new Promise<bigint>((resolve) => {
      answer = resolve;
    });
    const result = readInTime(slow, 100);
    await vi.advanceTimersByTimeAsync(100);
    answer(7n);
    expect(await result).toEqual({ error: CHAIN_LATE });
  });
});
