import { and, eq, type SQL } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { checkoutSessions } from '../../db/schema';
import { verifyGuestLink } from '../../domain/backing/guest-link';
import { guestTokenInput, receiptInput } from '../../domain/backing/input';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { type BackedPayment, backedPayments } from './internal/payments';
import { guestPaymentsOf, paymentsOf } from './internal/whose';

export interface PaymentReceipt extends BackedPayment {
  /** A simulated payment: made in TEST mode or with Stripe's test keys. */
  test: boolean;
}

async function receiptOf({ db, payments }: Pick<Deps, 'db' | 'payments'>, sessionId: string, whose: SQL) {
  const [found] = await backedPayments(db, and(eq(checkoutSessions.id, sessionId), whose) as SQL);
  if (!found) return null;
  return { ...found, test: payments.testMode || found.id.startsWith('cs_test_') };
}

/**
 * One payment's receipt, for its payer only (their own, or once their address is verified a guest
 * payment made with it, as /backing lists them): another person's payment, an unknown id and a
 * session that was never paid are all null (a 404), alike.
 */
export async function paymentReceipt(
  deps: Pick<Deps, 'db' | 'payments'>,
  actor: Actor,
  sessionId: string,
): Promise<PaymentReceipt | null> {
  const viewer = authorize(actor, 'backing.receipt-own');
  const { sessionId: id } = parseInput(receiptInput, { sessionId });
  return receiptOf(deps, id, await paymentsOf(deps.db, viewer));
}

/**
 * A guest payment's receipt, for whoever holds the signed link the guest was mailed
 * (/backing/<token>/receipts/<id>): only a payment made with the email the token was signed for;
 * an altered or expired token, another email's payment or an unknown id are all null (a 404).
 */
export async function guestPaymentReceipt(
  deps: Pick<Deps, 'db' | 'payments' | 'config' | 'clock'>,
  actor: Actor,
  token: string,
  sessionId: string,
): Promise<PaymentReceipt | null> {
  authorize(actor, 'backing.receipt-guest');
  const link = guestTokenInput.safeParse({ token });
  const receipt = receiptInput.safeParse({ sessionId });
  if (!link.success || !receipt.success) return null;
  const email = await verifyGuestLink(deps.config.AUTH_SECRET, link.data.token, deps.clock.now());
  if (!email) return null;
  return receiptOf(deps, receipt.data.sessionId, guestPaymentsOf(email));
}
