import { type Actor, authorize } from '../../auth/authorize';
import type { Deps } from '../../platform/deps';
import { assembleBacking, type MyBacking } from './internal/assemble';
import { backedPayments } from './internal/payments';
import { paymentsOf } from './internal/whose';

export type { BackedCampaign, BackingTotals, MyBacking } from './internal/assemble';
export type { BackedMilestone, BackedPayment } from './internal/payments';

/**
 * Everything a signed-in person paid to campaigns, grouped by campaign (most recent first), each
 * payment with where its money is and each campaign's milestones with what they released. Read
 * are the person's own Checkout Sessions and, once their address is verified, the guest payments
 * made with that email (docs/backing.md).
 */
export async function myBacking({ db }: Pick<Deps, 'db'>, actor: Actor): Promise<MyBacking> {
  const viewer = authorize(actor, 'backing.read-own');
  return assembleBacking(db, await backedPayments(db, await paymentsOf(db, viewer)));
}
