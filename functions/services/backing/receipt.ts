import { and, eq, type SQL } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { checkoutSessions } from '../../db/schema';
import { receiptInput } from '../../domain/backing/input';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { type BackedPayment, backedPayments } from './internal/payments';

export interface PaymentReceipt extends BackedPayment {
  /** A simulated payment: made in TEST mode or with Stripe's test keys. */
  test: boolean;
}

/**
 * One payment's receipt, for its payer only: another person's payment, an unknown id and a session
 * that was never paid are all null (a 404), alike.
 */
export async function paymentReceipt(
  { db, payments }: Pick<Deps, 'db' | 'payments'>,
  actor: Actor,
  sessionId: string,
): Promise<PaymentReceipt | null> {
  const viewer = authorize(actor, 'backing.receipt-own');
  const { sessionId: id } = parseInput(receiptInput, { sessionId });
  const [found] = await backedPayments(
    db,
    and(eq(checkoutSessions.id, id), eq(checkoutSessions.payerId, viewer.userId)) as SQL,
  );
  if (!found) return null;
  return { ...found, test: payments.testMode || found.id.startsWith('cs_test_') };
}
