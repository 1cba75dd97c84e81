import { and, eq, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import Stripe from 'stripe';
import type { Db } from '../../../db/client';
import { campaigns, ledgerEntries, ledgerGroups } from '../../../db/schema';
import type { CampaignStatus } from '../../../domain/campaigns/status';
import {
  type DisputeHolding,
  type DisputeOutcome,
  disputedCents,
  disputeFeeCents,
  disputeState,
} from '../../../domain/disputes/rules';
import type { Deps } from '../../../platform/deps';
import { ringCampaign } from '../../../realtime/campaign-bell';
import { type LedgerLine, ledgerPayment, ledgerWrite } from '../../ledger';
import type { EventChange, EventHandler } from '../../payments';
import { paymentMetadata } from '../../payments';
import { disputeClosedNotices, disputeNotices } from '../internal/notices';

type Statement = BatchItem<'sqlite'>;

const intentId = (pi: string | Stripe.PaymentIntent | null) => (typeof pi === 'string' ? pi : (pi?.id ?? null));

/** Where an already-opened dispute took its money from (its `dispute:<id>` group's negative line), and its outcome. */
async function recorded(db: Db, disputeId: string) {
  const rows = await db
    .select({ kind: ledgerGroups.kind, account: ledgerEntries.account })
    .from(ledgerGroups)
    .leftJoin(ledgerEntries, and(eq(ledgerEntries.groupId, ledgerGroups.id), lt(ledgerEntries.amountCents, 0)))
    .where(
      inArray(ledgerGroups.idempotencyKey, [
        `dispute:${disputeId}`,
        `dispute_won:${disputeId}`,
        `dispute_lost:${disputeId}`,
      ]),
    );
  const opened = rows.find((r) => r.kind === 'dispute');
  const holding: DisputeHolding | null = opened ? (opened.account?.startsWith('escrow:') ? 'escrow' : 'owed') : null;
  const outcome = rows.find((r) => r.kind === 'dispute_won' || r.kind === 'dispute_lost')?.kind ?? null;
  return { holding, outcome: outcome === 'dispute_won' ? 'won' : outcome === 'dispute_lost' ? 'lost' : null };
}

/**
 * Brings the ledger to what the dispute object says, whichever of its events comes first (a
 * `closed` before its `created` writes both): the opening group `dispute:<id>` — the amount leaves
 * escrow into `disputed:<campaign>`, or, when the vote already released the payment, is owed by
 * the campaign (`owed:<campaign>`) — and, once closed, `dispute_won:<id>` (back where it came
 * from) or `dispute_lost:<id>` (written off with Stripe's dispute fee). Each group is written once
 * by its key; the opening's batch also tells the team and the admins (docs/money.md, "Disputes").
 */
async function onDispute(deps: Deps, dispute: Stripe.Dispute, change: EventChange): Promise<Statement[]> {
  const { db } = deps;
  const pi = intentId(dispute.payment_intent);
  const state = disputeState(dispute.status);
  if (!pi || state === 'inquiry') {
    console.warn(`stripe: dispute ${dispute.id} (${dispute.status}) moves no money of ours; recorded only`);
    return [];
  }
  const payment = await ledgerPayment(db, pi);
  if (!payment) {
    // Events come in any order: a dispute of one of our payments may arrive before its credit.
    const intent = await deps.stripe.paymentIntents.retrieve(pi).catch((err: unknown) => {
      if (err instanceof Stripe.errors.StripeError && err.code === 'resource_missing') return null;
      throw err;
    });
    if (intent && paymentMetadata.safeParse(intent.metadata ?? {}).success) {
      throw new Error(`dispute ${dispute.id}: payment ${pi} is not credited yet; Stripe will retry`);
    }
    console.warn(`stripe: dispute ${dispute.id} is about ${pi}, not a Reelfund payment; recorded only`);
    return [];
  }
  const before = await recorded(db, dispute.id);
  let holding = before.holding;
  if (!holding) {
    if (payment.refunded) {
      console.warn(
        `stripe [admin]: dispute ${dispute.id} of payment ${pi} (campaign ${payment.campaignId}), already refunded; recorded as the event only — reconcile by hand`,
      );
      return [];
    }
    holding = payment.claim === 'release' ? 'owed' : 'escrow';
  }
  const c = payment.campaignId;
  const cents = disputedCents(dispute.amount, payment.amountCents);
  const source = holding === 'escrow' ? `escrow:${c}` : `owed:${c}`;
  const posting = (key: string, kind: 'dispute' | 'dispute_won' | 'dispute_lost', memo: string, lines: LedgerLine[]) =>
    ledgerWrite(db, {
      idempotencyKey: `${key}:${dispute.id}`,
      kind,
      currency: payment.currency,
      campaignId: c,
      paymentIntentId: pi,
      memo,
      lines: lines.filter((l) => l.amountCents !== 0),
    });
  const opening = posting(
    'dispute',
    'dispute',
    holding === 'escrow'
      ? `dispute ${dispute.id} (${dispute.reason}): held apart from escrow`
      : `dispute ${dispute.id} (${dispute.reason}): already released, owed by the campaign`,
    [
      { account: source, amountCents: -cents },
      { account: `disputed:${c}`, amountCents: cents },
    ],
  );
  const statements: Statement[] = [
    ...(before.holding === null && holding === 'escrow' ? [stillInEscrow(db, c, pi)] : []),
    ...opening.statements,
    ...(await disputeNotices(
      deps,
      { disputeId: dispute.id, campaignId: c, cents, holding, posted: opening.posted },
      change,
    )),
  ];
  if (state !== 'open') {
    if (before.outcome && before.outcome !== state) {
      console.error(
        `stripe [admin]: dispute ${dispute.id} says ${state}, the ledger has it ${before.outcome}; left as is`,
      );
    } else {
      const closed = closing(state, cents, dispute, source, c, posting);
      statements.push(
        ...closed.statements,
        ...(await disputeClosedNotices(
          deps,
          {
            disputeId: dispute.id,
            campaignId: c,
            cents,
            holding,
            posted: closed.posted,
            outcome: state,
            feeCents: closed.feeCents,
          },
          change,
        )),
      );
    }
  }
  change.afterCommit(() => ringCampaign(deps.campaignBell, c));
  return statements;
}

/**
 * The opening decided "escrow" from a read: a release or a refund committing before its batch would
 * take the same money out of escrow twice. This statement fails the batch when the payment has been
 * claimed since — the campaign's status set to NULL, which its column refuses, the same signal as a
 * stale credit (`guardedRaisedProjection`) — and receiveStripeEvent runs the handler again on the new
 * state: owed by the campaign after a release, recorded only after a refund. Otherwise it matches no
 * row and writes nothing (no row rewritten, no trigger run).
 */
function stillInEscrow(db: Db, campaignId: string, pi: string): Statement {
  const claimed = sql`exists (select 1 from escrow_claims x where x.payment_intent_id = ${pi})`;
  return db
    .update(campaigns)
    .set({ status: sql`null` as SQL<CampaignStatus> })
    .where(and(eq(campaigns.id, campaignId), claimed));
}

function closing(
  outcome: DisputeOutcome,
  cents: number,
  dispute: Stripe.Dispute,
  source: string,
  campaignId: string,
  posting: (
    key: string,
    kind: 'dispute_won' | 'dispute_lost',
    memo: string,
    lines: LedgerLine[],
  ) => { statements: Statement[]; posted: SQL },
): { statements: Statement[]; posted: SQL; feeCents: number } {
  if (outcome === 'won')
    return {
      ...posting('dispute_won', 'dispute_won', `dispute ${dispute.id} won: back where it was`, [
        { account: `disputed:${campaignId}`, amountCents: -cents },
        { account: source, amountCents: cents },
      ]),
      feeCents: 0,
    };
  const fee = disputeFeeCents(dispute.balance_transactions);
  return {
    ...posting('dispute_lost', 'dispute_lost', `dispute ${dispute.id} lost: written off with Stripe's fee`, [
      { account: `disputed:${campaignId}`, amountCents: -cents },
      { account: `dispute_fee:${campaignId}`, amountCents: -fee },
      { account: `written_off:${campaignId}`, amountCents: cents + fee },
    ]),
    feeCents: fee,
  };
}

type DisputeEventType = 'charge.dispute.created' | 'charge.dispute.updated' | 'charge.dispute.closed';

/** Platform events about card disputes: merged into PLATFORM_HANDLERS. */
export const DISPUTE_HANDLERS: { [T in DisputeEventType]: EventHandler<T> } = {
  'charge.dispute.created': (deps, event, after) => onDispute(deps, event.data.object, after),
  'charge.dispute.updated': (deps, event, after) => onDispute(deps, event.data.object, after),
  'charge.dispute.closed': (deps, event, after) => onDispute(deps, event.data.object, after),
};
