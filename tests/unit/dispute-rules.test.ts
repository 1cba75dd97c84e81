import { describe, expect, it } from 'vitest';
import { standingOf, standingText } from '../../functions/domain/backing/status';
import {
  disputedCents,
  disputeFeeCents,
  disputeState,
  STRIPE_DISPUTE_FEE_CENTS,
} from '../../functions/domain/disputes/rules';

const day = (d: Date) => d.toISOString().slice(0, 10);
const at = (s: string) => new Date(`${s}T12:00:00Z`);
const base = { refundedAt: null, refundReason: null, releaseKey: null, releasedAt: null };

describe('card disputes (docs/money.md, "Disputes")', () => {
  it('reads a dispute status as an inquiry, open, won or lost', () => {
    expect(disputeState('warning_needs_response')).toBe('inquiry');
    expect(disputeState('needs_response')).toBe('open');
    expect(disputeState('under_review')).toBe('open');
    expect(disputeState('won')).toBe('won');
    expect(disputeState('lost')).toBe('lost');
  });

  it("takes Stripe's amount within the payment, and its fee or the $15.00 default", () => {
    expect(disputedCents(500, 2000)).toBe(500);
    expect(disputedCents(5000, 2000)).toBe(2000);
    expect(disputedCents(0, 2000)).toBe(2000);
    expect(disputeFeeCents([{ fee: 2000 }])).toBe(2000);
    expect(disputeFeeCents([{ fee: 1500 }, { fee: -1500 }])).toBe(0);
    expect(disputeFeeCents([])).toBe(STRIPE_DISPUTE_FEE_CENTS);
    expect(disputeFeeCents(null)).toBe(1500);
  });

  it('shows the payer an open dispute, a lost one, and a won one where the money is', () => {
    const open = standingOf({ ...base, disputedAt: at('2026-11-02'), disputeOutcome: null });
    expect(open).toEqual({ kind: 'disputed', on: at('2026-11-02') });
    expect(standingText(open, day)).toBe('Disputed on 2026-11-02 — held apart until the card issuer decides');
    const lost = standingOf({
      ...base,
      disputedAt: at('2026-11-02'),
      disputeOutcome: 'dispute_lost',
      disputeClosedAt: at('2026-11-20'),
    });
    expect(standingText(lost, day)).toBe(
      'Disputed and lost on 2026-11-20 — the card issuer returned the money to the card',
    );
    const won = standingOf({
      ...base,
      disputedAt: at('2026-11-02'),
      disputeOutcome: 'dispute_won',
      disputeClosedAt: at('2026-11-20'),
    });
    expect(won.kind).toBe('held');
    expect(standingText(won, day)).toBe(
      'Held in escrow — refundable in full if the campaign is cancelled (a dispute was won on 2026-11-20)',
    );
    // A refund wins over everything.
    expect(
      standingOf({
        ...base,
        refundedAt: at('2026-11-03'),
        refundReason: 'refunded_at_stripe',
        disputedAt: at('2026-11-02'),
      }).kind,
    ).toBe('refunded');
  });
});
