import { fillText } from '../fill-text';
import { BACKING_TEXT } from './texts';

/**
 * Where one payment's money is, read from the ledger (docs/backing.md): a refund group wins, then
 * an escrow claim by a release (`release:<campaign>:<n>`), else the money is still in escrow.
 */
export type PaymentStanding =
  | { kind: 'held' }
  | { kind: 'released'; milestone: number | null; on: Date }
  | { kind: 'refunded'; why: RefundWhy; on: Date };

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
}): PaymentStanding {
  if (row.refundedAt) {
    const why: RefundWhy =
      row.refundReason === 'campaign_cancelled' || row.refundReason === 'refunded_at_stripe'
        ? row.refundReason
        : 'not_taking_payments';
    return { kind: 'refunded', why, on: row.refundedAt };
  }
  if (row.releaseKey && row.releasedAt)
    return { kind: 'released', milestone: releaseMilestone(row.releaseKey), on: row.releasedAt };
  return { kind: 'held' };
}

const WHY: Record<RefundWhy, string> = {
  campaign_cancelled: BACKING_TEXT.refundCancelled,
  refunded_at_stripe: BACKING_TEXT.refundAtStripe,
  not_taking_payments: BACKING_TEXT.refundNotTaking,
};

/** The status line a payer reads; `date` formats a day. */
export function standingText(s: PaymentStanding, date: (d: Date) => string): string {
  if (s.kind === 'held') return BACKING_TEXT.statusHeld;
  if (s.kind === 'released')
    return fillText(BACKING_TEXT.statusReleased, { n: String(s.milestone ?? '—'), date: date(s.on) });
  return fillText(BACKING_TEXT.statusRefunded, { date: date(s.on), why: WHY[s.why] });
}

export const KIND_TEXT: Record<PaymentKind, string> = {
  funding: BACKING_TEXT.kindFunding,
  donation: BACKING_TEXT.kindDonation,
  payment: BACKING_TEXT.kindPayment,
};
