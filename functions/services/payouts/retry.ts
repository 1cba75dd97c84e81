import { eq } from 'drizzle-orm';
import { connectAccounts, payouts } from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { PayoutServices } from './deps';
import { attemptPayout, type PayoutOutcome } from './process';
import { PAYOUT_TEXT } from './texts';

/** An admin's retry of one failed (or waiting) payout, whatever its attempts so far. */
export async function retryPayout(deps: PayoutServices, payoutId: string): Promise<PayoutOutcome> {
  const row = await deps.db
    .select({ payout: payouts, destination: connectAccounts.stripeAccountId, ready: connectAccounts.transfersActive })
    .from(payouts)
    .leftJoin(connectAccounts, eq(connectAccounts.userId, payouts.userId))
    .where(eq(payouts.id, payoutId))
    .get();
  if (!row) throw notFound('No such payout');
  if (row.payout.status !== 'failed' && row.payout.status !== 'pending') throw conflict(PAYOUT_TEXT.notRetryable);
  if (!row.destination || !row.ready) throw conflict(PAYOUT_TEXT.accountNotReady);
  const outcome = await attemptPayout(deps, row.payout, row.destination);
  if (outcome.result === 'skipped') throw conflict(PAYOUT_TEXT.notRetryable);
  return outcome;
}
