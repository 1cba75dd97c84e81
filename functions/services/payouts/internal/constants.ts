import type { BatchItem } from 'drizzle-orm/batch';
import type { Deps } from '../../../platform/deps';

export type Statement = BatchItem<'sqlite'>;

/** What the payout work uses: the database, Stripe, the doorbell (completion notices) and the clock (backoffs). */
export type PayoutDeps = Pick<Deps, 'db' | 'stripe' | 'bell' | 'clock' | 'followUps'>;

/** A failed payout is retried by the hourly job this many times at most; an admin may retry any time. */
export const MAX_AUTOMATIC_ATTEMPTS = 5;
/** The hourly job leaves a failed payout alone for this long after its last attempt. */
export const RETRY_BACKOFF_MS = 30 * 60_000;
/** A payout still 'processing' after this long lost its worker mid-transfer: refresh resolves it. */
export const STALE_PROCESSING_MS = 60_000;
