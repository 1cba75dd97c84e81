import Stripe from 'stripe';
import { type Actor, authorize } from '../../auth/authorize';
import { connectAccounts } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { MAX_AUTOMATIC_ATTEMPTS, type PayoutDeps, RETRY_BACKOFF_MS } from './internal/constants';
import type { RefreshChange } from './internal/stale';
import { resolveStaleTransfers } from './internal/stale';
import { accountFacts, accountState, accountUpdate } from './lib/stripe-accounts';
import { processPayouts } from './process';

export type { RefreshChange } from './internal/stale';

/**
 * /admin/payout-refresh: re-reads every connected account from Stripe, resolves payouts stuck in
 * processing, then pays pending payouts whose account is now ready. Returns what changed.
 */
export async function refreshPayouts(deps: PayoutDeps, actor: Actor, opts: { staleMs?: number } = {}) {
  const viewer = authorize(actor, 'payout.manage');
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
    const change: RefreshChange = {
      kind: 'account',
      id: row.stripeAccountId,
      userId: row.userId,
      from: accountState(row),
      to: accountState(facts),
      detail: facts.requirementsDue.length ? `due: ${facts.requirementsDue.join(', ')}` : undefined,
    };
    await new UnitOfWork(deps, viewer)
      .add(accountUpdate(deps.db, account))
      .audit({
        verb: 'refreshPayouts',
        resourceType: 'payout-account',
        resourceId: row.stripeAccountId,
        summary: `Payout account ${row.stripeAccountId} re-read from Stripe: ${change.from} → ${change.to}`,
      })
      .commit();
    changes.push(change);
  }
  changes.push(...(await resolveStaleTransfers(deps, { actor: viewer, verb: 'refreshPayouts' }, opts.staleMs)));
  for (const o of await processPayouts(deps, actor)) {
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
export async function runPayoutJobs(deps: PayoutDeps, actor: Actor) {
  const system = authorize(actor, 'payout.jobs');
  const resolved = await resolveStaleTransfers(deps, { actor: system, verb: 'runPayoutJobs' });
  const outcomes = await processPayouts(deps, actor, {
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
