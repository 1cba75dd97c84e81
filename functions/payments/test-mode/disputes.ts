import type Stripe from 'stripe';
import { STRIPE_DISPUTE_FEE_CENTS } from '../../domain/disputes/rules';
import { derivedId } from '../ids';
import type { TestStripe } from './actions';
import { event, nowSeconds } from './objects';

/**
 * Card disputes as Stripe's test cards raise them (docs/money.md, "Disputes"): the payer of a paid
 * TEST checkout opens one from its page, and closes it won or lost; each step sends the signed
 * `charge.dispute.*` event Stripe would to the platform webhook. One dispute per payment, as on Stripe.
 */

/** A Stripe-shaped dispute of a whole payment, with the withdrawal's balance transaction and its fee. */
function disputeObject(intent: Stripe.PaymentIntent, id: string): Stripe.Dispute {
  const created = nowSeconds();
  return {
    id,
    object: 'dispute',
    amount: intent.amount_received,
    balance_transactions: [
      {
        id: id.replace(/^dp_/, 'txn_'),
        object: 'balance_transaction',
        amount: -intent.amount_received,
        fee: STRIPE_DISPUTE_FEE_CENTS,
        currency: intent.currency,
        created,
        type: 'adjustment',
        reporting_category: 'dispute',
        status: 'available',
      },
    ],
    charge: typeof intent.latest_charge === 'string' ? intent.latest_charge : (intent.latest_charge?.id ?? ''),
    created,
    currency: intent.currency,
    evidence: {},
    evidence_details: {
      due_by: created + 7 * 86_400,
      has_evidence: false,
      past_due: false,
      submission_count: 0,
    },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: intent.id,
    reason: 'fraudulent',
    status: 'needs_response',
  } as unknown as Stripe.Dispute;
}

export type DisputeOutcome =
  | { kind: 'missing' }
  | { kind: 'not-paid' }
  | { kind: 'done'; dispute: Stripe.Dispute; sessionId: string };

async function paidIntent(deps: TestStripe, sessionId: string) {
  const record = await deps.store.get('checkout_session', sessionId);
  if (!record) return null;
  const pi = record.session.payment_intent;
  const intentId = typeof pi === 'string' ? pi : (pi?.id ?? null);
  const held = intentId ? await deps.store.get('payment_intent', intentId) : null;
  return { record, intent: held?.intent ?? null };
}

/** The payer disputes a paid TEST session: `charge.dispute.created` (repeating it changes nothing). */
export async function raiseDispute(deps: TestStripe, sessionId: string): Promise<DisputeOutcome> {
  const found = await paidIntent(deps, sessionId);
  if (!found) return { kind: 'missing' };
  if (!found.intent || found.record.session.payment_status !== 'paid') return { kind: 'not-paid' };
  const existing = await deps.store.get('dispute', found.intent.id);
  if (existing) return { kind: 'done', dispute: existing, sessionId };
  const dispute = disputeObject(found.intent, await derivedId('dp', `dp:${found.intent.id}`));
  await deps.store.put('dispute', found.intent.id, dispute);
  deps.emit(
    [event('charge.dispute.created', await derivedId('evt', `charge.dispute.created:${dispute.id}`), dispute)],
    'platform',
  );
  return { kind: 'done', dispute, sessionId };
}

/** The card issuer decides: `charge.dispute.closed` with status won or lost (a closed dispute stays as it is). */
export async function closeDispute(
  deps: TestStripe,
  sessionId: string,
  outcome: 'won' | 'lost',
): Promise<DisputeOutcome> {
  const found = await paidIntent(deps, sessionId);
  if (!found) return { kind: 'missing' };
  const open = found.intent ? await deps.store.get('dispute', found.intent.id) : null;
  if (!found.intent || !open) return { kind: 'not-paid' };
  if (open.status === 'won' || open.status === 'lost') return { kind: 'done', dispute: open, sessionId };
  const closed: Stripe.Dispute = { ...open, status: outcome };
  await deps.store.put('dispute', found.intent.id, closed);
  deps.emit(
    [event('charge.dispute.closed', await derivedId('evt', `charge.dispute.closed:${open.id}`), closed)],
    'platform',
  );
  return { kind: 'done', dispute: closed, sessionId };
}

/** The session's dispute, for its TEST checkout page. */
export async function disputeOf(deps: TestStripe, session: Stripe.Checkout.Session): Promise<Stripe.Dispute | null> {
  const pi = session.payment_intent;
  const intentId = typeof pi === 'string' ? pi : (pi?.id ?? null);
  return intentId ? deps.store.get('dispute', intentId) : null;
}
