import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { checkoutSessions, user } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { assembleBacking, type MyBacking } from './internal/assemble';
import { backedPayments } from './internal/payments';

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
  const verified = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.id, viewer.userId)).get();
  const own = eq(checkoutSessions.payerId, viewer.userId);
  const asGuest = and(
    isNull(checkoutSessions.payerId),
    eq(sql`lower(${checkoutSessions.guestEmail})`, viewer.email.trim().toLowerCase()),
  );
  const who = (verified?.verified ? or(own, asGuest) : own) as SQL;
  return assembleBacking(db, await backedPayments(db, who));
}
