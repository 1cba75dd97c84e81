import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { connectAccounts, payouts } from '../../db/schema';
import { ApiError, forbidden } from '../../lib/errors';
import { isContributor } from '../../lib/roles';
import type { Services } from '../../platform/services';
import type { PayoutServices, Statement } from './deps';
import { PAYOUT_TEXT } from './texts';

/** What we keep of a connected account: enough to know whether a transfer can go to it. */
export interface AccountFacts {
  detailsSubmitted: boolean;
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
  transfersActive: boolean;
  requirementsDue: string[];
}

export function accountFacts(account: Stripe.Account): AccountFacts {
  return {
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    transfersActive: account.capabilities?.transfers === 'active',
    requirementsDue: account.requirements?.currently_due ?? [],
  };
}

export type AccountState = 'not_connected' | 'onboarding' | 'ready';

export function accountState(row: Pick<AccountFacts, 'transfersActive' | 'detailsSubmitted'> | null): AccountState {
  if (!row) return 'not_connected';
  return row.transfersActive && row.detailsSubmitted ? 'ready' : 'onboarding';
}

/** Brings our row in step with Stripe's account object (an event or a retrieve). */
export function accountUpdate(db: Db, account: Stripe.Account): Statement {
  return db
    .update(connectAccounts)
    .set({ ...accountFacts(account), updatedAt: new Date() })
    .where(eq(connectAccounts.stripeAccountId, account.id));
}

export const accountOf = (db: Db, userId: string) =>
  db.select().from(connectAccounts).where(eq(connectAccounts.userId, userId)).get();

/** Creators and admins, and anyone with a payout waiting for them (a team member who is not a creator). */
async function mayConnect(db: Db, viewer: Viewer) {
  if (isContributor(viewer.roles)) return true;
  const owed = await db.select({ id: payouts.id }).from(payouts).where(eq(payouts.userId, viewer.userId)).limit(1);
  return owed.length > 0;
}

const unavailable = (err: unknown): never => {
  if (err instanceof Stripe.errors.StripeError) {
    console.error('stripe: connect failed:', err.type, err.code, err.message);
    throw new ApiError('unavailable', PAYOUT_TEXT.stripeUnavailable);
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
  deps: Pick<Services, 'db' | 'stripe' | 'config'>,
  viewer: Viewer,
): Promise<ConnectLink> {
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
    await db
      .insert(connectAccounts)
      .values({ userId: viewer.userId, stripeAccountId: account.id, ...accountFacts(account) })
      .onConflictDoNothing({ target: connectAccounts.userId });
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
export async function syncAccountFromStripe(deps: Pick<PayoutServices, 'db' | 'stripe'>, userId: string) {
  const before = await accountOf(deps.db, userId);
  if (!before) return { account: null, becameReady: false };
  const account = await deps.stripe.accounts.retrieve(before.stripeAccountId);
  await deps.db.batch([accountUpdate(deps.db, account)]);
  const after = await accountOf(deps.db, userId);
  return { account: after ?? null, becameReady: !before.transfersActive && Boolean(after?.transfersActive) };
}
