import { and, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import Stripe from 'stripe';
import type { Actor } from '../../../auth/authorize';
import { abortUnlessChanged, commitUnlessUnchanged } from '../../../db/guard';
import { payouts } from '../../../db/schema';
import { UnitOfWork } from '../../../db/unit-of-work';
import { formatCents } from '../../../domain/campaigns/format';
import { PAYOUT_TEXT } from '../../../domain/payouts/texts';
import { ledgerWrite } from '../../ledger';
import { notifyWhen } from '../../notifications';
import type { PayoutDeps } from './constants';
import { milestonePayoutStatus } from './milestone-status';

export type PayoutRow = typeof payouts.$inferSelect;

/** Who moves a payout, for its audit row: the actor and the verb they called. */
export interface PayoutCaller {
  actor: Actor;
  verb: string;
}

const payoutLine = (p: PayoutRow) =>
  `Payout of ${formatCents(p.amountCents)} for milestone ${p.milestoneNumber} of campaign ${p.campaignId}`;

/** The idempotency key of one attempt: a retry after Stripe refused needs a new key (Stripe replays refusals). */
export const attemptKey = (payoutId: string, attempt: number) => `payout:${payoutId}:${attempt}`;

/** The exact request of one attempt, so refresh can replay it under the same key and learn its outcome. */
export function transferParams(p: PayoutRow, destination: string): Stripe.TransferCreateParams {
  return {
    amount: p.amountCents,
    currency: p.currency,
    destination,
    transfer_group: `campaign:${p.campaignId}:m${p.milestoneNumber}`,
    metadata: {
      payoutId: p.id,
      campaignId: p.campaignId,
      milestoneNumber: String(p.milestoneNumber),
      userId: p.userId,
    },
  };
}

export type TransferResult =
  | { kind: 'made'; transfer: Stripe.Transfer }
  /** Stripe answered and refused (4xx): nothing was transferred; the payout fails and is retried later. */
  | { kind: 'refused'; message: string }
  /** No answer, or a 5xx: the transfer may exist. Left processing; refresh replays the same key. */
  | { kind: 'unknown'; message: string };

export async function askTransfer(
  deps: Pick<PayoutDeps, 'stripe'>,
  p: PayoutRow,
  destination: string,
  attempt: number,
): Promise<TransferResult> {
  try {
    const transfer = await deps.stripe.transfers.create(transferParams(p, destination), {
      idempotencyKey: attemptKey(p.id, attempt),
    });
    return { kind: 'made', transfer };
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    const status = err.statusCode ?? 0;
    const definite = status >= 400 && status < 500 && status !== 409 && status !== 429;
    console.warn(
      `stripe: transfer for payout ${p.id} attempt ${attempt}: ${err.type} ${err.code ?? ''} ${err.message}`,
    );
    return { kind: definite ? 'refused' : 'unknown', message: err.message };
  }
}

const stillProcessing = (p: PayoutRow, attempt: number) =>
  and(eq(payouts.id, p.id), eq(payouts.status, 'processing'), eq(payouts.attempts, attempt));

/**
 * One batch: the payout completed with its transfer, the ledger group `payout:<id>` (payable → paid)
 * and the milestone's status. The update is conditional on this attempt still being the one in
 * progress and on the group being posted by this batch, so it completes once. The member's notice
 * is in the same batch, written only with the group (a concurrent refresh of the same attempt
 * posts nothing and so notifies no one): once, and never lost to a failure after the write.
 */
export async function recordTransferMade(
  deps: Pick<PayoutDeps, 'db' | 'bell' | 'clock' | 'followUps'>,
  by: PayoutCaller,
  p: PayoutRow,
  attempt: number,
  transfer: Stripe.Transfer,
) {
  const { db } = deps;
  const write = ledgerWrite(db, {
    idempotencyKey: `payout:${p.id}`,
    kind: 'payout',
    currency: p.currency,
    campaignId: p.campaignId,
    memo: `transfer ${transfer.id}`,
    lines: [
      { account: `payable:${p.campaignId}:${p.userId}`, amountCents: -p.amountCents, userId: p.userId },
      { account: `paid:${p.campaignId}:${p.userId}`, amountCents: p.amountCents, userId: p.userId },
    ],
  });
  const now = deps.clock.now();
  const uow = new UnitOfWork(deps, by.actor).add(
    ...write.statements,
    db
      .update(payouts)
      .set({ status: 'completed', transferId: transfer.id, completedAt: now, lastError: null, updatedAt: now })
      .where(and(stillProcessing(p, attempt), write.posted)),
    milestonePayoutStatus(db, p.campaignId, p.milestoneNumber),
  );
  notifyWhen(
    uow,
    deps.bell,
    {
      userId: p.userId,
      type: 'success',
      title: PAYOUT_TEXT.completedTitle,
      topic: 'payout',
      message: `${formatCents(p.amountCents)} from milestone ${p.milestoneNumber} is on its way to your payout account.`,
      campaignId: p.campaignId,
    },
    write.posted,
  );
  // Money moved: audited once, with the ledger group this batch posted.
  uow.audit({
    verb: by.verb,
    resourceType: 'payout',
    resourceId: p.id,
    summary: `${payoutLine(p)} transferred (${transfer.id})`,
    when: write.posted,
  });
  const [group] = (await uow.commit()) as [Array<{ id: string }>, ...unknown[]];
  return group.length === 1;
}

/**
 * One step of a payout's attempt: its conditional update, the milestone's payout status and the
 * step's audit row in one batch; null, with nothing written, when another worker (or a refresh
 * replaying the same attempt) moved the payout first.
 */
function payoutStep(
  deps: Pick<PayoutDeps, 'db' | 'clock' | 'followUps'>,
  by: PayoutCaller,
  p: PayoutRow,
  update: BatchItem<'sqlite'>,
  summary: string,
) {
  const { db } = deps;
  const uow = new UnitOfWork(deps, by.actor)
    .add(update, abortUnlessChanged(db), milestonePayoutStatus(db, p.campaignId, p.milestoneNumber))
    .audit({ verb: by.verb, resourceType: 'payout', resourceId: p.id, summary });
  return commitUnlessUnchanged(() => uow.commit());
}

export async function recordTransferRefused(
  deps: Pick<PayoutDeps, 'db' | 'clock' | 'followUps'>,
  by: PayoutCaller,
  p: PayoutRow,
  attempt: number,
  message: string,
) {
  await payoutStep(
    deps,
    by,
    p,
    deps.db
      .update(payouts)
      .set({ status: 'failed', lastError: message.slice(0, 500), updatedAt: deps.clock.now() })
      .where(stillProcessing(p, attempt)),
    `${payoutLine(p)} failed: ${message}`,
  );
}

/** Moves a payout to processing for one more attempt; null when someone else moved it first. */
export async function claimAttempt(
  deps: Pick<PayoutDeps, 'db' | 'clock' | 'followUps'>,
  by: PayoutCaller,
  p: PayoutRow,
  destination: string,
) {
  const results = await payoutStep(
    deps,
    by,
    p,
    deps.db
      .update(payouts)
      .set({
        status: 'processing',
        attempts: sql`${payouts.attempts} + 1`,
        stripeAccountId: destination,
        lastError: null,
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(payouts.id, p.id), eq(payouts.status, p.status), eq(payouts.attempts, p.attempts)))
      .returning(),
    `${payoutLine(p)} sent to Stripe (attempt ${p.attempts + 1})`,
  );
  return (results?.[0] as PayoutRow[] | undefined)?.[0] ?? null;
}
