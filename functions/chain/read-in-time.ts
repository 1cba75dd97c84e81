import { chainErrorMessage } from './client';

/**
 * How long a page waits for the chain before it shows itself without what the chain would have said
 * (the coins page's sale, the Creator Coins tab's balance and pending receipts). The RPC transport's own
 * time-out (60 s) is for deployments, not for a person waiting on a page.
 */
export const CHAIN_READ_DEADLINE_MS = 4_000;
export const CHAIN_LATE = 'The chain did not answer in time.';

export type InTime<T> = { value: T } | { error: string };

/** A chain read for a page: its value, the chain's own words for its failure, or CHAIN_LATE after the deadline. */
export async function readInTime<T>(read: Promise<T>, ms = CHAIN_READ_DEADLINE_MS): Promise<InTime<T>> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<InTime<T>>((resolve) => {
    timer = setTimeout(() => resolve({ error: CHAIN_LATE }), ms);
  });
  const settled = read.then(
    (value): InTime<T> => ({ value }),
    (err: unknown): InTime<T> => ({ error: chainErrorMessage(err) }),
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}
