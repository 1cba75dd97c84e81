import { and, eq, lt } from 'drizzle-orm';
import Stripe from 'stripe';
import { connectAccounts, payouts } from '../../db/schema';
import { accountFacts, accountState, accountUpdate } from './accounts';
import { MAX_AUTOMATIC_ATTEMPTS, type PayoutServices, RETRY_BACKOFF_MS, STALE_PROCESSING_MS } from './deps';
import { processPayouts } from './process';
import { askTransfer, recordTransferMade, recordTransferRefused } from './transfer';

export interface RefreshChange {
  kind: 'account' | 'payout';
  id: string;
  userId?: string;
  from: string;
  to: string;
  detail?: string;
}

/**
 * Payouts left 'processing' (the worker stopped between asking Stripe and recording the answer):
 * the same request is replayed under the same attempt's idempotency key, so Stripe answers what it
 * answered then — the transfer it made, or its refusal — and nothing is transferred twice.
 */
export async function resolveStaleTransfers(deps: PayoutServices, staleMs = STALE_PROCESSING_MS) {
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
      await recordTransferMade(deps, p, p.attempts, answer.transfer);
      changes.push({ kind: 'payout', id: p.id, userId: p.userId, from: 'processing', to: 'completed' });
    } else if (answer.kind === 'refused') {
      await recordTransferRefused(deps, p, p.attempts, answer.message);
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

/**
 * /admin/payout-refresh: re-reads every connected account from Stripe, resolves payouts stuck in
 * processing, then pays pending payouts whose account is now ready. Returns what changed.
 */
export async function refreshPayouts(deps: PayoutServices, opts: { staleMs?: number } = {}) {
  const changes: RefreshChange[] = [];
  const accounts = await deps.db.select().from(connectAccounts).limit(500);
  for (const row of accounts) {
    let account: Stripe.Account;
    try {
      account = await deps.stripe.accounts.retrieve(row.stripeAccountId);
    } catch (err) {
      if (!(err instanceof Stripe.errors.StripeError)) throw err;
      const from = accountState(row);
      changes.push({
        kind: 'account',
        id: row.stripeAccountId,
        userId: row.userId,
        from,
        to: from,
        detail: err.message,
      });
      continue;
    }
    const facts = accountFacts(account);
    const unchanged = (Object.keys(facts) as (keyof typeof facts)[]).every(
      (k) => JSON.stringify(facts[k]) === JSON.stringify(row[k] ?? (k === 'requirementsDue' ? [] : null)),
    );
    if (unchanged) continue;
    await deps.db.batch([accountUpdate(deps.db, account)]);
    changes.push({
      kind: 'account',
      id: row.stripeAccountId,
      userId: row.userId,
      from: accountState(row),
      to: accountState(facts),
      detail: facts.requirementsDue.length ? `due: ${facts.requirementsDue.join(', ')}` : undefined,
    });
  }
  changes.push(...(await resolveStaleTransfers(deps, opts.staleMs)));
  for (const o of await processPayouts(deps)) {
    if (o.result === 'completed' || o.result === 'failed') {
      changes.push({
        kind: 'payout',
        id: o.payoutId,
        from: 'pending',
        to: o.result,
        detail: o.result === 'failed' ? o.error : undefined,
      });
    }
  }
  return { accounts: accounts.length, changes };
}

/** The hourly job: stuck transfers resolved, failed payouts retried with backoff and a cap, waiting ones paid. */
export async function runPayoutJobs(deps: PayoutServices) {
  const resolved = await resolveStaleTransfers(deps);
  const outcomes = await processPayouts(deps, {
    retryFailed: true,
    maxAttempts: MAX_AUTOMATIC_ATTEMPTS,
    failedBefore: new Date(deps.clock.now().getTime() - RETRY_BACKOFF_MS),
  });
  const count = (r: string) => outcomes.filter((o) => o.result === r).length;
  return {
    resolved: resolved.length,
    completed: count('completed'),
    failed: count('failed'),
    waiting: count('waiting'),
  };
}
