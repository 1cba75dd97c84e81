import { and, eq, lt } from 'drizzle-orm';
import { payouts } from '../../../db/schema';
import { type PayoutDeps, STALE_PROCESSING_MS } from './constants';
import { askTransfer, type PayoutCaller, recordTransferMade, recordTransferRefused } from './transfer';

/**
 * Payouts left 'processing' (the worker stopped between asking Stripe and recording the answer):
 * the same request is replayed under the same attempt's idempotency key, so Stripe answers what it
 * answered then — the transfer it made, or its refusal — and nothing is transferred twice.
 */
export async function resolveStaleTransfers(deps: PayoutDeps, by: PayoutCaller, staleMs = STALE_PROCESSING_MS) {
  const stale = await deps.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'processing'), lt(payouts.updatedAt, new Date(deps.clock.now().getTime() - staleMs))))
    .limit(100);
  const changes: RefreshChange[] = [];
  for (const p of stale) {
    if (!p.stripeAccountId) continue;
    const answer = await askTransfer(deps, p, p.stripeAccountId, p.attempts);
    if (answer.kind === 'made') {
      await recordTransferMade(deps, by, p, p.attempts, answer.transfer);
      changes.push({ kind: 'payout', id: p.id, userId: p.userId, from: 'processing', to: 'completed' });
    } else if (answer.kind === 'refused') {
      await recordTransferRefused(deps, by, p, p.attempts, answer.message);
      changes.push({
        kind: 'payout',
        id: p.id,
        userId: p.userId,
        from: 'processing',
        to: 'failed',
        detail: answer.message,
      });
    }
  }
  return changes;
}

export interface RefreshChange {
  kind: 'account' | 'payout';
  id: string;
  userId?: string;
  from: string;
  to: string;
  detail?: string;
}
