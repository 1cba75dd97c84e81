import { and, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { checkoutSessions, user } from '../../../db/schema';

/** A guest's payments: the Checkout Sessions paid without an account with that email. */
export const guestPaymentsOf = (email: string) =>
  and(
    isNull(checkoutSessions.payerId),
    eq(sql`lower(${checkoutSessions.guestEmail})`, email.trim().toLowerCase()),
  ) as SQL;

/**
 * A signed-in person's payments (docs/backing.md): their own Checkout Sessions and, once their
 * address is verified, the guest payments made with it. The same for their page, their receipts
 * and their statement.
 */
export async function paymentsOf(db: Db, viewer: { userId: string; email: string }): Promise<SQL> {
  const row = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.id, viewer.userId)).get();
  const own = eq(checkoutSessions.payerId, viewer.userId);
  return (row?.verified ? or(own, guestPaymentsOf(viewer.email)) : own) as SQL;
}
