import type Stripe from 'stripe';
import { z } from 'zod';
import { derivedId, randomSeed } from '../ids';
import { expireIfDue, type TestModeDeps } from './actions';
import { decodeStripeForm } from './form';
import * as obj from './objects';
import { nowSeconds } from './objects';

/**
 * TEST mode's Stripe: a fetch function for the SDK's HTTP client (`Stripe.createFetchHttpClient`)
 * that answers the endpoints Reelfund uses the way api.stripe.com does — form-encoded requests,
 * JSON objects typed by the stripe package, Stripe's error shape, idempotency keys — and announces
 * state changes as Stripe-shaped events. Anything else is answered 404 as an unknown URL.
 */

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { type?: string; code?: string; param?: string } = {},
  ) {
    super(message);
  }
  body() {
    return { error: { type: this.extra.type ?? 'invalid_request_error', message: this.message, ...this.extra } };
  }
}

/** A missing object named in the path is a 404; one named by a parameter, a 400 (as Stripe answers). */
const missing = (what: string, id: string, param?: string) =>
  new StripeApiError(param ? 400 : 404, `No such ${what}: '${id}'`, {
    code: 'resource_missing',
    ...(param ? { param } : {}),
  });

const metadata = z
  .record(z.string().max(40), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 50, 'metadata takes at most 50 keys');
const int = z.coerce.number().int();
const currency = z
  .string()
  .regex(/^[A-Za-z]{3}$/)
  .transform((c) => c.toLowerCase());
/** Stripe refuses parameters it does not know; so does this responder (it knows the ones we send). */
const params = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ ...shape, expand: z.array(z.string()).optional() });

function parse<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = (issue?.path ?? []).map(String);
  const param = path.length
    ? path[0] +
      path
        .slice(1)
        .map((p) => `[${p}]`)
        .join('')
    : undefined;
  if (issue?.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const name = param ? `${param}[${key}]` : key;
    throw new StripeApiError(400, `Received unknown parameter: ${name}`, { param: name });
  }
  throw new StripeApiError(400, `Invalid ${param ?? 'request'}: ${issue?.message ?? 'invalid value'}`, {
    code: 'parameter_invalid',
    ...(param ? { param } : {}),
  });
}

interface Call {
  deps: TestModeDeps;
  body: Record<string, unknown>;
  match: RegExpMatchArray;
  /** Seed for the ids of what this call creates: its idempotency key, so retries make the same object. */
  seed: string;
}

type Handler = (call: Call) => Promise<unknown>;

const checkoutCreate = params({
  mode: z.literal('payment', 'TEST mode supports mode=payment only'),
  line_items: z
    .array(
      z.strictObject({
        price_data: z.strictObject({
          currency,
          unit_amount: int.positive(),
          product_data: z.strictObject({ name: z.string().min(1), description: z.string().optional() }),
        }),
        quantity: int.positive(),
      }),
    )
    .min(1),
  success_url: z.url(),
  cancel_url: z.url().optional(),
  customer_email: z.email().optional(),
  client_reference_id: z.string().max(200).optional(),
  metadata: metadata.optional(),
  payment_intent_data: z.strictObject({ metadata: metadata.optional(), description: z.string().optional() }).optional(),
  expires_at: int.optional(),
  submit_type: z.enum(['auto', 'book', 'donate', 'pay', 'subscribe']).optional(),
});

async function createCheckoutSession({ deps, body, seed }: Call) {
  const p = parse(checkoutCreate, body);
  const currencies = new Set(p.line_items.map((li) => li.price_data.currency));
  if (currencies.size > 1) throw new StripeApiError(400, 'All line items must use the same currency.');
  const amountTotal = p.line_items.reduce((s, li) => s + li.price_data.unit_amount * li.quantity, 0);
  if (amountTotal < 50) {
    throw new StripeApiError(400, 'The Checkout Session total must be at least 50 cents.', {
      code: 'amount_too_small',
    });
  }
  const created = nowSeconds();
  const expiresAt = p.expires_at ?? created + 24 * 3600;
  if (expiresAt < created + 30 * 60 - 60 || expiresAt > created + 24 * 3600) {
    throw new StripeApiError(400, 'expires_at must be between 30 minutes and 24 hours from now.', {
      param: 'expires_at',
    });
  }
  const id = await derivedId('cs_test', `cs:${seed}`);
  const session = obj.checkoutSession({
    id,
    created,
    expiresAt,
    amountTotal,
    currency: [...currencies][0] as string,
    customerEmail: p.customer_email ?? null,
    clientReferenceId: p.client_reference_id ?? null,
    metadata: p.metadata ?? {},
    successUrl: p.success_url,
    cancelUrl: p.cancel_url ?? null,
    url: `${deps.publicUrl}/api/payments/test-checkout/${id}`,
  });
  if (p.submit_type) session.submit_type = p.submit_type;
  await deps.store.put('checkout_session', id, {
    session,
    items: p.line_items.map((li) => ({
      name: li.price_data.product_data.name,
      unitAmount: li.price_data.unit_amount,
      quantity: li.quantity,
    })),
    intentMetadata: p.payment_intent_data?.metadata ?? {},
    intentDescription: p.payment_intent_data?.description ?? null,
  });
  return session;
}

async function sessionRecord(deps: TestModeDeps, id: string) {
  const record = await deps.store.get('checkout_session', id);
  if (!record) throw missing('checkout.session', id);
  return expireIfDue(deps, record);
}

const retrieveCheckoutSession: Handler = async ({ deps, match }) =>
  (await sessionRecord(deps, match[1] as string)).session;

async function expireCheckoutSession({ deps, match }: Call) {
  const record = await sessionRecord(deps, match[1] as string);
  if (record.session.status !== 'open') {
    throw new StripeApiError(
      400,
      `Only Checkout Sessions with a status in ["open"] can be expired. This session has a status of "${record.session.status}".`,
    );
  }
  return (await expireIfDue(deps, record, true)).session;
}

async function retrievePaymentIntent({ deps, match }: Call) {
  const record = await deps.store.get('payment_intent', match[1] as string);
  if (!record) throw missing('payment_intent', match[1] as string);
  return record.intent;
}

const refundCreate = params({
  payment_intent: z.string().optional(),
  charge: z.string().optional(),
  amount: int.positive().optional(),
  reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).optional(),
  metadata: metadata.optional(),
});

async function createRefund({ deps, body, seed }: Call) {
  const p = parse(refundCreate, body);
  if (!p.payment_intent) {
    throw new StripeApiError(400, 'TEST mode refunds a payment_intent (pass payment_intent).', {
      param: 'payment_intent',
    });
  }
  const record = await deps.store.get('payment_intent', p.payment_intent);
  if (!record) throw missing('payment_intent', p.payment_intent, 'payment_intent');
  const id = await derivedId('re', `re:${seed}`);
  const existing = await deps.store.get('refund', id);
  if (existing) return existing;
  const { intent } = record;
  const remaining = intent.amount_received - record.amountRefunded;
  if (remaining <= 0) {
    throw new StripeApiError(400, `Charge ${intent.latest_charge} has already been refunded.`, {
      code: 'charge_already_refunded',
    });
  }
  const amount = p.amount ?? remaining;
  if (amount > remaining) {
    throw new StripeApiError(
      400,
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
      { code: 'amount_too_large', param: 'amount' },
    );
  }
  const refund = obj.refund({
    id,
    created: nowSeconds(),
    amount,
    currency: intent.currency,
    paymentIntent: intent.id,
    chargeId: String(intent.latest_charge),
    reason: p.reason ?? null,
    metadata: p.metadata ?? {},
  });
  await deps.store.put('refund', id, refund);
  await deps.store.put('payment_intent', intent.id, {
    ...record,
    amountRefunded: record.amountRefunded + amount,
    refunds: [...record.refunds, id],
  });
  deps.emit([obj.event('refund.created', await derivedId('evt', `refund.created:${id}`), refund)], 'platform');
  return refund;
}

async function retrieveRefund({ deps, match }: Call) {
  const refund = await deps.store.get('refund', match[1] as string);
  if (!refund) throw missing('refund', match[1] as string);
  return refund;
}

const accountCreate = params({
  type: z.enum(['express', 'standard', 'custom']).optional(),
  country: z.string().length(2).optional(),
  email: z.email().optional(),
  metadata: metadata.optional(),
  capabilities: z.record(z.string(), z.strictObject({ requested: z.enum(['true', 'false']) })).optional(),
  business_type: z.enum(['individual', 'company', 'non_profit', 'government_entity']).optional(),
});

async function createAccount({ deps, body, seed }: Call) {
  const p = parse(accountCreate, body);
  const id = await derivedId('acct', `acct:${seed}`);
  const existing = await deps.store.get('account', id);
  if (existing) return existing;
  const account = obj.newAccount({
    id,
    created: nowSeconds(),
    type: p.type ?? 'express',
    country: p.country ?? 'US',
    email: p.email ?? null,
    metadata: p.metadata ?? {},
  });
  await deps.store.put('account', id, account);
  return account;
}

async function retrieveAccount({ deps, match }: Call) {
  const account = await deps.store.get('account', match[1] as string);
  if (!account) {
    throw new StripeApiError(
      403,
      `The provided key does not have access to account '${match[1]}' (or that account does not exist).`,
      { type: 'invalid_request_error', code: 'account_invalid' },
    );
  }
  return account;
}

const accountLinkCreate = params({
  account: z.string(),
  refresh_url: z.url(),
  return_url: z.url(),
  type: z.enum(['account_onboarding', 'account_update']),
  collect: z.enum(['currently_due', 'eventually_due']).optional(),
});

async function createAccountLink({ deps, body }: Call) {
  const p = parse(accountLinkCreate, body);
  if (!(await deps.store.get('account', p.account))) throw missing('account', p.account, 'account');
  // A link is single-use and short-lived at Stripe; here a random token, valid for 5 minutes.
  const token = await derivedId('link', randomSeed());
  const created = nowSeconds();
  const expiresAt = created + 300;
  await deps.store.put('account_link', token, {
    account: p.account,
    returnUrl: p.return_url,
    refreshUrl: p.refresh_url,
    expiresAt,
  });
  return obj.accountLink(`${deps.publicUrl}/api/payments/test-onboarding/${token}`, created, expiresAt);
}

const transferCreate = params({
  amount: int.positive(),
  currency,
  destination: z.string(),
  description: z.string().optional(),
  transfer_group: z.string().optional(),
  metadata: metadata.optional(),
});

async function createTransfer({ deps, body, seed }: Call) {
  const p = parse(transferCreate, body);
  const id = await derivedId('tr', `tr:${seed}`);
  const existing = await deps.store.get('transfer', id);
  if (existing) return existing;
  const account = await deps.store.get('account', p.destination);
  if (!account) throw missing('account', p.destination, 'destination');
  if (account.capabilities?.transfers !== 'active') {
    throw new StripeApiError(
      400,
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      { code: 'insufficient_capabilities_for_transfer', param: 'destination' },
    );
  }
  const transfer = obj.transfer({
    id,
    created: nowSeconds(),
    amount: p.amount,
    currency: p.currency,
    destination: p.destination,
    description: p.description ?? null,
    transferGroup: p.transfer_group ?? null,
    metadata: p.metadata ?? {},
  });
  await deps.store.put('transfer', id, transfer);
  deps.emit([obj.event('transfer.created', await derivedId('evt', `transfer.created:${id}`), transfer)], 'platform');
  return transfer;
}

async function transferRecord(deps: TestModeDeps, id: string) {
  const transfer = await deps.store.get('transfer', id);
  if (!transfer) throw missing('transfer', id);
  return transfer;
}

const reversalCreate = params({
  amount: int.positive().optional(),
  description: z.string().optional(),
  metadata: metadata.optional(),
});

async function createTransferReversal({ deps, body, match, seed }: Call) {
  const p = parse(reversalCreate, body);
  const transfer = await transferRecord(deps, match[1] as string);
  const id = await derivedId('trr', `trr:${seed}`);
  const known = transfer.reversals.data.find((r) => r.id === id);
  if (known) return known;
  const remaining = transfer.amount - transfer.amount_reversed;
  const amount = p.amount ?? remaining;
  if (remaining <= 0 || amount > remaining) {
    throw new StripeApiError(
      400,
      `You have already reversed ${transfer.amount_reversed} of this ${transfer.amount} transfer; ${remaining} remains.`,
      { code: 'transfer_already_reversed', param: 'amount' },
    );
  }
  const reversal = obj.transferReversal({
    id,
    created: nowSeconds(),
    amount,
    currency: transfer.currency,
    transfer: transfer.id,
    metadata: p.metadata ?? {},
  });
  const updated: Stripe.Transfer = {
    ...transfer,
    amount_reversed: transfer.amount_reversed + amount,
    reversed: transfer.amount_reversed + amount === transfer.amount,
    reversals: { ...transfer.reversals, data: [reversal, ...transfer.reversals.data] },
  };
  await deps.store.put('transfer', transfer.id, updated);
  deps.emit([obj.event('transfer.reversed', await derivedId('evt', `transfer.reversed:${id}`), updated)], 'platform');
  return reversal;
}

const ROUTES: Array<[string, RegExp, Handler]> = [
  ['POST', /^\/v1\/checkout\/sessions$/, createCheckoutSession],
  ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, retrieveCheckoutSession],
  ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, expireCheckoutSession],
  ['GET', /^\/v1\/payment_intents\/([^/]+)$/, retrievePaymentIntent],
  ['POST', /^\/v1\/refunds$/, createRefund],
  ['GET', /^\/v1\/refunds\/([^/]+)$/, retrieveRefund],
  ['POST', /^\/v1\/accounts$/, createAccount],
  ['GET', /^\/v1\/accounts\/([^/]+)$/, retrieveAccount],
  ['POST', /^\/v1\/account_links$/, createAccountLink],
  ['POST', /^\/v1\/transfers$/, createTransfer],
  ['GET', /^\/v1\/transfers\/([^/]+)$/, async ({ deps, match }) => transferRecord(deps, match[1] as string)],
  ['POST', /^\/v1\/transfers\/([^/]+)\/reversals$/, createTransferReversal],
];

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json',
      'request-id': `req_test_${crypto.randomUUID().slice(0, 14)}`,
      ...headers,
    },
  });

/** The fetch function the SDK's HTTP client calls in TEST mode. */
export function testModeFetch(deps: TestModeDeps) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!/^Bearer sk_test_/.test(request.headers.get('authorization') ?? '')) {
      return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const route = ROUTES.find(([method, re]) => method === request.method && re.test(url.pathname));
    if (!route) {
      return json(404, {
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${url.pathname}). TEST mode answers only the Stripe endpoints Reelfund uses.`,
        },
      });
    }
    const raw = request.method === 'GET' ? url.search.slice(1) : new TextDecoder().decode(await request.arrayBuffer());
    const idempotencyKey = request.method === 'POST' ? request.headers.get('idempotency-key') : null;
    const fingerprint = `${request.method} ${url.pathname}?${raw}`;
    if (idempotencyKey) {
      const seen = await deps.store.get('idempotency', idempotencyKey);
      if (seen && seen.fingerprint !== fingerprint) {
        return json(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
          },
        });
      }
      if (seen) return json(seen.status, seen.body, { 'idempotent-replayed': 'true' });
    }
    const [, pattern, handler] = route;
    let status = 200;
    let body: string;
    try {
      const call = {
        deps,
        body: decodeStripeForm(raw),
        match: url.pathname.match(pattern) as RegExpMatchArray,
        seed: idempotencyKey ?? randomSeed(),
      };
      body = JSON.stringify(await handler(call));
    } catch (err) {
      if (!(err instanceof StripeApiError)) throw err;
      status = err.status;
      body = JSON.stringify(err.body());
    }
    if (idempotencyKey) await deps.store.put('idempotency', idempotencyKey, { fingerprint, status, body }, 24 * 3600);
    return json(status, body, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {});
  };
}
