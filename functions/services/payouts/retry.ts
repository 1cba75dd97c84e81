import { eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { connectAccounts, payouts } from '../../db/schema';
import { conflict, notFound } from '../../domain/errors';
import { PAYOUT_TEXT } from '../../domain/payouts/texts';
import { attemptPayout } from './internal/attempt';
import type { PayoutDeps } from './internal/constants';
import type { PayoutOutcome } from './process';

/** An admin's retry of one failed (or waiting) payout, whatever its attempts so far. */
export async function retryPayout(deps: PayoutDeps, actor: Actor, payoutId: string): Promise<PayoutOutcome> {
  const viewer = authorize(actor, 'payout.manage');
  const row = await deps.db
    .select({ payout: payouts, destination: connectAccounts.stripeAccountId, ready: connectAccounts.transfersActive })
    .from(payouts)
    .leftJoin(connectAccounts, eq(connectAccounts.userId, payouts.userId))
    .where(eq(payouts.id, payoutId))
    .get();
  if (!row) throw notFound('No such payout');
  if (row.payout.status !== 'failed' && row.payout.status !== 'pending') throw conflict(PAYOUT_TEXT.notRetryable);
  if (!row.destination || !row.ready) throw conflict(PAYOUT_TEXT.accountNotReady);
  const outcome = await attemptPayout(deps, { actor: viewer, verb: 'retryPayout' }, row.payout, row.destination);
  if (outcome.result === 'skipped') throw conflict(PAYOUT_TEXT.notRetryable);
  return outcome;
}
