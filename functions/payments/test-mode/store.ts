import type Stripe from 'stripe';

export interface LineItemSummary {
  name: string;
  unitAmount: number;
  quantity: number;
}

/** What the TEST responder remembers, per kind of object, besides the Stripe object itself. */
export interface TestRecords {
  checkout_session: {
    session: Stripe.Checkout.Session;
    items: LineItemSummary[];
    /** payment_intent_data given at creation: what the payment intent carries once paid. */
    intentMetadata: Record<string, string>;
    intentDescription: string | null;
  };
  payment_intent: { intent: Stripe.PaymentIntent; amountRefunded: number; refunds: string[] };
  refund: Stripe.Refund;
  /** A card dispute raised on the TEST checkout page, by its payment intent's id (docs/money.md, "Disputes"). */
  dispute: Stripe.Dispute;
  account: Stripe.Account;
  account_link: { account: string; returnUrl: string; refreshUrl: string; expiresAt: number };
  transfer: Stripe.Transfer;
  idempotency: { fingerprint: string; status: number; body: string };
}

export type RecordKind = keyof TestRecords;

/**
 * The fake Stripe's state, in the local KV namespace (TEST mode exists only with ENVIRONMENT=local).
 * KV has no transactions: objects that may be written concurrently get ids derived from their
 * request (see ids.ts), so concurrent duplicates write the same object rather than two.
 */
export class TestStore {
  constructor(private readonly kv: KVNamespace) {}

  private key(kind: RecordKind, id: string) {
    return `stripe-test:${kind}:${id}`;
  }

  get<K extends RecordKind>(kind: K, id: string): Promise<TestRecords[K] | null> {
    return this.kv.get<TestRecords[K]>(this.key(kind, id), 'json');
  }

  /** `ttlSeconds` for records Stripe forgets too (idempotency keys: 24 hours). */
  async put<K extends RecordKind>(kind: K, id: string, value: TestRecords[K], ttlSeconds?: number): Promise<void> {
    await this.kv.put(this.key(kind, id), JSON.stringify(value), ttlSeconds ? { expirationTtl: ttlSeconds } : {});
  }
}
