import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { type Actor, authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { connectAccounts, payouts } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { DomainError, forbidden } from '../../domain/errors';
import { PAYOUT_TEXT } from '../../domain/payouts/texts';
import { isContributor } from '../../domain/users/roles';
import type { Deps } from '../../platform/deps';
import { MAX_AUTOMATIC_ATTEMPTS, type PayoutDeps } from './internal/constants';
import { accountFacts, accountOf, accountUpdate } from './lib/stripe-accounts';
import { processPayouts } from './process';

/** Creators and admins, and anyone with a payout waiting for them (a team member who is not a creator). */
async function mayConnect(db: Db, viewer: Viewer) {
  if (isContributor(viewer.roles)) return true;
  const owed = await db.select({ id: payouts.id }).from(payouts).where(eq(payouts.userId, viewer.userId)).limit(1);
  return owed.length > 0;
}

const unavailable = (err: unknown): never => {
  if (err instanceof Stripe.errors.StripeError) {
    console.error('stripe: connect failed:', err.type, err.code, err.message);
    throw new DomainError('unavailable', PAYOUT_TEXT.stripeUnavailable);
  }
  throw err;
};

export interface ConnectLink {
  url: string;
  stripeAccountId: string;
}

/**
 * The member's Express account (made once: the idempotency key is per user, and the row's primary
 * key is the user) and a fresh onboarding link for it. Stripe's links are single-use and short-lived,
 * so every call makes a new one; /redirect/stripe-connect calls this again when a link expires.
 */
export async function connectPayoutAccount(
  deps: Pick<Deps, 'db' | 'stripe' | 'config' | 'clock' | 'followUps'>,
  actor: Actor,
): Promise<ConnectLink> {
  const viewer = authorize(actor, 'payout-account.own');
  const { db, stripe } = deps;
  if (!(await mayConnect(db, viewer))) throw forbidden(PAYOUT_TEXT.connectForbidden);
  let row = await accountOf(db, viewer.userId);
  if (!row) {
    const account = await stripe.accounts
      .create(
        {
          type: 'express',
          email: viewer.email,
          metadata: { userId: viewer.userId },
          capabilities: { transfers: { requested: true } },
        },
        { idempotencyKey: `connect-account:${viewer.userId}` },
      )
      .catch(unavailable);
    await new UnitOfWork(deps, viewer)
      .add(
        db
          .insert(connectAccounts)
          .values({ userId: viewer.userId, stripeAccountId: account.id, ...accountFacts(account) })
          .onConflictDoNothing({ target: connectAccounts.userId }),
      )
      // Where money will go: audited once, by the call that stored it (changes() is 0 for a concurrent one).
      .audit({
        verb: 'connectPayoutAccount',
        resourceType: 'payout-account',
        resourceId: account.id,
        summary: `Connected payout account ${account.id}`,
        when: sql`changes() > 0`,
      })
      .commit();
    row = await accountOf(db, viewer.userId);
    if (!row) throw new Error('connect account row missing after insert');
  }
  const base = deps.config.PUBLIC_URL.replace(/\/$/, '');
  const link = await stripe.accountLinks
    .create({
      account: row.stripeAccountId,
      type: 'account_onboarding',
      return_url: `${base}/stripe-setup-complete`,
      refresh_url: `${base}/redirect/stripe-connect`,
    })
    .catch(unavailable);
  return { url: link.url, stripeAccountId: row.stripeAccountId };
}

/**
 * Re-reads the member's account from Stripe and stores what changed. Returns the row as now
 * stored (null when the member has none) and whether transfers just became possible.
 */
async function syncAccountFromStripe(deps: Pick<PayoutDeps, 'db' | 'stripe' | 'clock' | 'followUps'>, viewer: Viewer) {
  const { userId } = viewer;
  const before = await accountOf(deps.db, userId);
  if (!before) return { account: null, becameReady: false };
  const account = await deps.stripe.accounts.retrieve(before.stripeAccountId);
  // The member's own account, brought in step with Stripe: no audit row (payouts it lets go are audited).
  await new UnitOfWork(deps, viewer).add(accountUpdate(deps.db, account)).commit();
  const after = await accountOf(deps.db, userId);
  return { account: after ?? null, becameReady: !before.transfersActive && Boolean(after?.transfersActive) };
}

/**
 * The member back from Stripe's onboarding (/stripe-setup-complete): their account re-read from
 * Stripe, so the page says what is true now even before account.updated arrives; payouts waiting
 * for it go out. The account as now stored, or null when the member has none.
 */
export async function refreshMyPayoutAccount(deps: PayoutDeps, actor: Actor) {
  const viewer = authorize(actor, 'payout-account.own');
  const synced = await syncAccountFromStripe(deps, viewer);
  if (synced.becameReady)
    await processPayouts(deps, viewer, {
      userId: viewer.userId,
      retryFailed: true,
      maxAttempts: MAX_AUTOMATIC_ATTEMPTS,
    });
  return synced.account;
}
