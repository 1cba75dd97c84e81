import { and, eq, inArray, lt, or, type SQL } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { accountSuspensions, connectAccounts, payouts } from '../../db/schema';
import { parseInput } from '../../domain/input';
import { payoutFilter } from '../../domain/payouts/input';
import type { PayoutOutcome } from './internal/attempt';
import { attemptPayout } from './internal/attempt';
import type { PayoutDeps } from './internal/constants';

export interface PayoutFilter {
  payoutIds?: string[];
  userId?: string;
  stripeAccountId?: string;
  campaignId?: string;
  milestoneNumber?: number;
  /** Failed payouts too (retries); pending ones are always taken. */
  retryFailed?: boolean;
  /** Failed payouts with this many attempts or more are left for an admin. */
  maxAttempts?: number;
  /** Failed payouts last tried after this are left for later (backoff). */
  failedBefore?: Date;
}

export type { PayoutOutcome } from './internal/attempt';

const BATCH_LIMIT = 100;

function candidates(deps: Pick<PayoutDeps, 'db'>, f: PayoutFilter) {
  const failed: SQL[] = [eq(payouts.status, 'failed')];
  if (f.maxAttempts !== undefined) failed.push(lt(payouts.attempts, f.maxAttempts));
  if (f.failedBefore) failed.push(lt(payouts.updatedAt, f.failedBefore));
  const where: (SQL | undefined)[] = [
    f.retryFailed ? or(eq(payouts.status, 'pending'), and(...failed)) : eq(payouts.status, 'pending'),
  ];
  if (f.payoutIds) where.push(inArray(payouts.id, f.payoutIds.length ? f.payoutIds : ['-']));
  if (f.userId) where.push(eq(payouts.userId, f.userId));
  if (f.stripeAccountId) where.push(eq(connectAccounts.stripeAccountId, f.stripeAccountId));
  if (f.campaignId) where.push(eq(payouts.campaignId, f.campaignId));
  if (f.milestoneNumber !== undefined) where.push(eq(payouts.milestoneNumber, f.milestoneNumber));
  return deps.db
    .select({
      payout: payouts,
      destination: connectAccounts.stripeAccountId,
      ready: connectAccounts.transfersActive,
      suspended: accountSuspensions.userId,
    })
    .from(payouts)
    .leftJoin(connectAccounts, eq(connectAccounts.userId, payouts.userId))
    .leftJoin(accountSuspensions, eq(accountSuspensions.userId, payouts.userId))
    .where(and(...where))
    .orderBy(payouts.createdAt)
    .limit(BATCH_LIMIT);
}

/**
 * Pays out pending payouts (and failed ones when retrying) that match `filter`: each is a Stripe
 * transfer of the member's payable to their connected account. A member whose account cannot take
 * transfers yet stays pending; account.updated runs this again when it can. Safe to run any number
 * of times, concurrently: each attempt is claimed by a conditional update and has its own
 * idempotency key, so a payout is transferred once. Call it after a milestone's release commits:
 * `await processPayouts(deps, { campaignId, milestoneNumber })`.
 */
export async function processPayouts(
  deps: PayoutDeps,
  actor: Actor,
  filter: PayoutFilter = {},
): Promise<PayoutOutcome[]> {
  const caller = authorize(actor, 'payout.process');
  filter = parseInput(payoutFilter, filter);
  const by = { actor: caller, verb: 'processPayouts' };
  const rows = await candidates(deps, filter);
  const outcomes: PayoutOutcome[] = [];
  for (const { payout, destination, ready, suspended } of rows) {
    // A suspended member's payouts are held (pending) until they are reinstated (docs/admin-tools.md).
    if (!destination || !ready || suspended) {
      outcomes.push({ payoutId: payout.id, result: 'waiting' });
      continue;
    }
    outcomes.push(await attemptPayout(deps, by, payout, destination));
  }
  return outcomes;
}
