import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../../db/client';
import { connectAccounts } from '../../../db/schema';
import type { Statement } from '../internal/constants';

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
