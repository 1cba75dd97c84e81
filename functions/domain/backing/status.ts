import { fillText } from '../fill-text';
import { BACKING_TEXT } from './texts';

/**
 * Where one payment's money is, read from the ledger (docs/backing.md): a refund group wins, then a
 * card dispute not won (open, or lost), then an escrow claim by a release (`release:<campaign>:<n>`),
 * else the money is still in escrow. A dispute won leaves the payment where it was, and says so.
 */
export type PaymentStanding =
  | { kind: 'held'; disputeWonOn?: Date }
  | { kind: 'released'; milestone: number | null; on: Date; disputeWonOn?: Date }
  | { kind: 'refunded'; why: RefundWhy; on: Date }
  | { kind: 'disputed'; on: Date }
  | { kind: 'dispute_lost'; on: Date };

export type RefundWhy = 'campaign_cancelled' | 'refunded_at_stripe' | 'not_taking_payments';

export type PaymentKind = 'funding' | 'donation' | 'payment';

/** The milestone number a release group's idempotency key names (`release:<campaign>:<n>`). */
export function releaseMilestone(groupKey: string | null): number | null {
  const n = Number(groupKey?.split(':').at(-1));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function standingOf(row: {
  refundedAt: Date | null;
  refundReason: string | null;
  releaseKey: string | null;
  releasedAt: Date | null;
  /** The payment's dispute: when its `dispute:<id>` group was written, and its outcome's group, if any. */
  disputedAt?: Date | null;
  disputeOutcome?: 'dispute_won' | 'dispute_lost' | null;
  disputeClosedAt?: Date | null;
}): PaymentStanding {
  if (row.refundedAt) {
    const why: RefundWhy =
      row.refundReason === 'campaign_cancelled' || row.refundReason === 'refunded_at_stripe'
        ? row.refundReason
        : 'not_taking_payments';
    return { kind: 'refunded', why, on: row.refundedAt };
  }
  if (row.disputedAt && !row.disputeOutcome) return { kind: 'disputed', on: row.disputedAt };
  if (row.disputeOutcome === 'dispute_lost') return { kind: 'dispute_lost', on: row.disputeClosedAt ?? new Date(0) };
  const won = row.disputeOutcome === 'dispute_won' && row.disputeClosedAt ? { disputeWonOn: row.disputeClosedAt } : {};
  if (row.releaseKey && row.releasedAt)
    return { kind: 'released', milestone: releaseMilestone(row.releaseKey), on: row.releasedAt, ...won };
  return { kind: 'held', ...won };
}

const WHY: Record<RefundWhy, string> = {
  campaign_cancelled: BACKING_TEXT.refundCancelled,
  refunded_at_stripe: BACKING_TEXT.refundAtStripe,
  not_taking_payments: BACKING_TEXT.refundNotTaking,
};

/** The status line a payer reads; `date` formats a day. */
export function standingText(s: PaymentStanding, date: (d: Date) => string): string {
  if (s.kind === 'disputed') return fillText(BACKING_TEXT.statusDisputedOn, { date: date(s.on) });
  if (s.kind === 'dispute_lost') return fillText(BACKING_TEXT.statusDisputeLost, { date: date(s.on) });
  if (s.kind === 'refunded') return fillText(BACKING_TEXT.statusRefunded, { date: date(s.on), why: WHY[s.why] });
  const where =
    s.kind === 'held'
      ? BACKING_TEXT.statusHeld
      : fillText(BACKING_TEXT.statusReleased, { n: String(s.milestone ?? '—'), date: date(s.on) });
  return s.disputeWonOn
    ? fillText(BACKING_TEXT.statusDisputeWon, { status: where, date: date(s.disputeWonOn) })
    : where;
}

export const KIND_TEXT: Record<PaymentKind, string> = {
  funding: BACKING_TEXT.kindFunding,
  donation: BACKING_TEXT.kindDonation,
  payment: BACKING_TEXT.kindPayment,
};
