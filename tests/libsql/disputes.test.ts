import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerGroups, notifications } from '../../functions/db/schema';
import { STRIPE_DISPUTE_FEE_CENTS } from '../../functions/domain/disputes/rules';
import * as obj from '../../functions/payments/test-mode/objects';
import { disputeTotals } from '../../functions/services/ledger';
import { receiveStripeEvent } from '../../functions/services/webhooks';
import { TEST_SYSTEM } from '../support/actors';
import { expectLedgerBalanced } from '../support/ledger';
import { libsqlDeps, stripeNotExpected } from '../support/libsql';
import { insertCampaign, libsqlForFile } from '../support/libsql-fixtures';
import { sessionCompleted, type TestPayment, testPayment, uid } from '../support/stripe-fixtures';

/** Card disputes' batches (docs/money.md, "Disputes") on the production driver, over migration 0026's ledger. */
const ctx = libsqlForFile({ ledger: true });
const svc = () => libsqlDeps(ctx.db, { stripe: stripeNotExpected() });
const receive = (event: Stripe.Event) => receiveStripeEvent(svc(), TEST_SYSTEM, event, 'platform');

const dispute = (p: TestPayment, id: string, status: string) =>
  ({
    id,
    object: 'dispute',
    amount: p.amountCents,
    currency: 'usd',
    payment_intent: p.pi,
    reason: 'fraudulent',
    status,
    balance_transactions: [{ id: `txn_${uid()}`, amount: -p.amountCents, fee: 2000 }],
  }) as unknown as Stripe.Dispute;
const event = (type: 'charge.dispute.created' | 'charge.dispute.closed', d: Stripe.Dispute) =>
  obj.event(type, `evt_${uid()}`, d);

const kinds = async (pi: string) =>
  (
    await ctx.db
      .select({ kind: ledgerGroups.kind })
      .from(ledgerGroups)
      .where(
        and(
          eq(ledgerGroups.paymentIntentId, pi),
          inArray(ledgerGroups.kind, ['dispute', 'dispute_won', 'dispute_lost']),
        ),
      )
  )
    .map((g) => g.kind)
    .sort();
const balance = async (account: string) =>
  (await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.account, account))).reduce(
    (s, l) => s + l.amountCents,
    0,
  );

describe('disputes on libSQL', () => {
  it('keeps the ledger and its rows through migration 0026 and records a lost dispute once, closed before created', async () => {
    const campaign = await insertCampaign(ctx.db);
    const p = testPayment(6000, campaign.id);
    await receive(sessionCompleted(p));
    const id = `dp_${uid()}`;
    const closed = event('charge.dispute.closed', dispute(p, id, 'lost'));
    const created = event('charge.dispute.created', dispute(p, id, 'needs_response'));
    await Promise.all([receive(closed), receive(closed), receive(created)]);
    await receive(created);
    expect(await kinds(p.pi)).toEqual(['dispute', 'dispute_lost']);
    expect(await balance(`escrow:${campaign.id}`)).toBe(0);
    // The fee the event's balance transaction names, not the default.
    expect(STRIPE_DISPUTE_FEE_CENTS).not.toBe(2000);
    expect(await balance(`written_off:${campaign.id}`)).toBe(8000);
    // Told once that it opened and once that it was lost, whatever the deliveries.
    const told = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, campaign.ownerId), eq(notifications.topic, 'dispute')));
    expect(told.map((n) => n.title).sort()).toEqual(['Dispute lost', 'Payment disputed']);
    const report = await expectLedgerBalanced(ctx.db);
    expect(report.groups).toBeGreaterThanOrEqual(3);
    expect(await disputeTotals(ctx.db)).toMatchObject({ writtenOffCents: 8000, feesCents: 2000, inDisputeCents: 0 });
  });

  it('a dispute won puts the money back in escrow', async () => {
    const campaign = await insertCampaign(ctx.db);
    const p = testPayment(1700, campaign.id);
    await receive(sessionCompleted(p));
    const id = `dp_${uid()}`;
    await receive(event('charge.dispute.created', dispute(p, id, 'needs_response')));
    expect(await balance(`escrow:${campaign.id}`)).toBe(0);
    expect(await balance(`disputed:${campaign.id}`)).toBe(1700);
    await receive(event('charge.dispute.closed', dispute(p, id, 'won')));
    expect(await kinds(p.pi)).toEqual(['dispute', 'dispute_won']);
    expect(await balance(`escrow:${campaign.id}`)).toBe(1700);
    expect(await balance(`disputed:${campaign.id}`)).toBe(0);
  });
});
