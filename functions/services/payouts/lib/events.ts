import { eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { bankPayouts, connectAccounts, payouts } from '../../../db/schema';
import type { Deps } from '../../../platform/deps';
import { ledgerWrite } from '../../ledger';
import type { EventChange } from '../../payments';
import type { Statement } from '../internal/constants';
import { MAX_AUTOMATIC_ATTEMPTS } from '../internal/constants';
import { accountUpdate } from './stripe-accounts';

/**
 * account.updated (Connect): our row follows Stripe's account. When the account can take transfers,
 * the member's waiting payouts (and failed ones, within the retry cap) are paid once the event's
 * batch has committed.
 */
export async function onAccountUpdated(deps: Deps, account: Stripe.Account, change: EventChange): Promise<Statement[]> {
  if (account.capabilities?.transfers === 'active') {
    change.owe('payouts', { stripeAccountId: account.id, retryFailed: true, maxAttempts: MAX_AUTOMATIC_ATTEMPTS });
  }
  return [accountUpdate(deps.db, account)];
}

/**
 * transfer.reversed / transfer.updated (platform): each reversal of a payout's transfer moves that
 * much from paid to reversed, once per reversal id (`payout_reversal:<trr>`), and payouts.reversed_cents
 * grows with it in the same batch. A reversal of a transfer we did not record yet is retried later
 * (the throw leaves the event unprocessed); a transfer that is not a payout of ours is left alone.
 */
export async function onTransferChanged({ db }: Pick<Deps, 'db'>, transfer: Stripe.Transfer): Promise<Statement[]> {
  if (transfer.reversals.data.length === 0) return [];
  const payoutId = transfer.metadata?.payoutId;
  const payout = await db
    .select()
    .from(payouts)
    .where(payoutId ? eq(payouts.id, payoutId) : eq(payouts.transferId, transfer.id))
    .get();
  if (!payout) {
    console.warn(`stripe: transfer ${transfer.id} is not a Reelfund payout; recorded without effect`);
    return [];
  }
  if (payout.status !== 'completed' || payout.transferId !== transfer.id) {
    throw new Error(`transfer ${transfer.id} reversed before payout ${payout.id} recorded it; retry later`);
  }
  const statements: Statement[] = [];
  for (const reversal of transfer.reversals.data) {
    const write = ledgerWrite(db, {
      idempotencyKey: `payout_reversal:${reversal.id}`,
      kind: 'payout_reversal',
      currency: payout.currency,
      campaignId: payout.campaignId,
      memo: `reversal of transfer ${transfer.id}`,
      lines: [
        { account: `paid:${payout.campaignId}:${payout.userId}`, amountCents: -reversal.amount, userId: payout.userId },
        {
          account: `reversed:${payout.campaignId}:${payout.userId}`,
          amountCents: reversal.amount,
          userId: payout.userId,
        },
      ],
    });
    statements.push(
      ...write.statements,
      db
        .update(payouts)
        .set({ reversedCents: sql`${payouts.reversedCents} + ${reversal.amount}`, updatedAt: new Date() })
        .where(sql`${payouts.id} = ${payout.id} and ${write.posted}`),
    );
  }
  return statements;
}

const TERMINAL = ['paid', 'failed', 'canceled'];

/**
 * payout.* (Connect): the connected account's own payout to its bank, kept for the member to see.
 * The object's own status decides; a late payout.created cannot undo a paid or failed one.
 */
export async function onBankPayout({ db }: Pick<Deps, 'db'>, payout: Stripe.Payout, accountId: string | undefined) {
  const stripeAccountId = accountId ?? '';
  if (!stripeAccountId) return [];
  const values = {
    stripeAccountId,
    amountCents: payout.amount,
    currency: payout.currency,
    status: payout.status,
    arrivalDate: payout.arrival_date ? new Date(payout.arrival_date * 1000) : null,
    failureMessage: payout.failure_message ?? null,
  };
  const owner = sql`(select ${connectAccounts.userId} from ${connectAccounts} where ${connectAccounts.stripeAccountId} = ${stripeAccountId})`;
  const late = !TERMINAL.includes(payout.status);
  return [
    db
      .insert(bankPayouts)
      .values({ id: payout.id, userId: owner, ...values })
      .onConflictDoUpdate({
        target: bankPayouts.id,
        set: { ...values, updatedAt: new Date() },
        ...(late ? { setWhere: sql`${bankPayouts.status} not in ('paid', 'failed', 'canceled')` } : {}),
      }),
  ];
}
