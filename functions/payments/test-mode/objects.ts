import Stripe from 'stripe';

/**
 * Stripe API objects as the TEST responder returns them: typed by the stripe package's own types
 * and filled the way Stripe's API reference shows them for these cases (a hosted payment-mode
 * Checkout Session paid by card, an Express connected account, a transfer). Every field the type
 * requires is present; the ones we have no use for carry Stripe's empty values.
 */

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface CheckoutInput {
  id: string;
  created: number;
  expiresAt: number;
  amountTotal: number;
  currency: string;
  customerEmail: string | null;
  clientReferenceId: string | null;
  metadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string | null;
  url: string;
}

export function checkoutSession(p: CheckoutInput): Stripe.Checkout.Session {
  return {
    id: p.id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: null,
    allowed_payment_method_types: null,
    amount_subtotal: p.amountTotal,
    amount_total: p.amountTotal,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: p.cancelUrl,
    client_reference_id: p.clientReferenceId,
    client_secret: null,
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: p.created,
    currency: p.currency,
    currency_conversion: null,
    custom_fields: [],
    custom_text: { after_submit: null, shipping_address: null, submit: null, terms_of_service_acceptance: null },
    customer: null,
    customer_account: null,
    customer_creation: 'if_required',
    customer_details: p.customerEmail ? customerDetails(p.customerEmail) : null,
    customer_email: p.customerEmail,
    discounts: [],
    expires_at: p.expiresAt,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: p.metadata,
    mode: 'payment',
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: 'if_required',
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_status: 'unpaid',
    permissions: null,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: p.successUrl,
    total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
    ui_mode: 'hosted_page',
    url: p.url,
    wallet_options: null,
  };
}

export function customerDetails(email: string): Stripe.Checkout.Session.CustomerDetails {
  return {
    address: null,
    business_name: null,
    email,
    individual_name: null,
    name: null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  };
}

export interface PaymentIntentInput {
  id: string;
  created: number;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  chargeId: string;
  receiptEmail: string | null;
}

/** A card payment that succeeded (what a paid Checkout Session in payment mode leaves behind). */
export function succeededPaymentIntent(p: PaymentIntentInput): Stripe.PaymentIntent {
  return {
    id: p.id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: p.amount,
    amount_capturable: 0,
    amount_received: p.amount,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: `${p.id}_secret_test`,
    confirmation_method: 'automatic',
    created: p.created,
    currency: p.currency,
    customer: null,
    customer_account: null,
    description: null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: p.chargeId,
    livemode: false,
    managed_payments: null,
    metadata: p.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: `pm_card_visa_${p.id.slice(3, 11)}`,
    payment_method_configuration_details: null,
    payment_method_options: {},
    payment_method_types: ['card'],
    payment_record: null,
    processing: null,
    receipt_email: p.receiptEmail,
    review: null,
    setup_future_usage: null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
}

export interface RefundInput {
  id: string;
  created: number;
  amount: number;
  currency: string;
  paymentIntent: string;
  chargeId: string;
  reason: Stripe.Refund.Reason | null;
  metadata: Record<string, string>;
}

/** Card refunds succeed at once in Stripe's test mode. */
export function refund(p: RefundInput): Stripe.Refund {
  return {
    id: p.id,
    object: 'refund',
    amount: p.amount,
    balance_transaction: null,
    charge: p.chargeId,
    created: p.created,
    currency: p.currency,
    customer: null,
    customer_account: null,
    metadata: p.metadata,
    payment_intent: p.paymentIntent,
    payment_method: null,
    reason: p.reason,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
}

export interface AccountInput {
  id: string;
  created: number;
  type: Stripe.Account.Type;
  country: string;
  email: string | null;
  metadata: Record<string, string>;
}

/** A connected account that has not been onboarded: nothing enabled, requirements due. */
export function newAccount(p: AccountInput): Stripe.Account {
  return {
    id: p.id,
    object: 'account',
    business_profile: null,
    business_type: null,
    capabilities: { transfers: 'inactive' },
    charges_enabled: false,
    country: p.country,
    created: p.created,
    default_currency: 'usd',
    details_submitted: false,
    email: p.email,
    metadata: p.metadata,
    payouts_enabled: false,
    type: p.type,
  };
}

/** The same account after its owner finished onboarding on the (TEST) hosted page. */
export function onboarded(account: Stripe.Account): Stripe.Account {
  return {
    ...account,
    capabilities: { ...account.capabilities, transfers: 'active' },
    charges_enabled: true,
    details_submitted: true,
    payouts_enabled: true,
  };
}

export function accountLink(url: string, created: number, expiresAt: number): Stripe.AccountLink {
  return { object: 'account_link', created, expires_at: expiresAt, url };
}

export interface TransferInput {
  id: string;
  created: number;
  amount: number;
  currency: string;
  destination: string;
  description: string | null;
  transferGroup: string | null;
  metadata: Record<string, string>;
}

export function transfer(p: TransferInput): Stripe.Transfer {
  return {
    id: p.id,
    object: 'transfer',
    amount: p.amount,
    amount_reversed: 0,
    balance_transaction: null,
    created: p.created,
    currency: p.currency,
    description: p.description,
    destination: p.destination,
    destination_payment: `py_${p.id.slice(3)}`,
    livemode: false,
    metadata: p.metadata,
    reversals: { object: 'list', data: [], has_more: false, url: `/v1/transfers/${p.id}/reversals` },
    reversed: false,
    source_transaction: null,
    transfer_group: p.transferGroup,
  };
}

export function transferReversal(p: {
  id: string;
  created: number;
  amount: number;
  currency: string;
  transfer: string;
  metadata: Record<string, string>;
}): Stripe.TransferReversal {
  return {
    id: p.id,
    object: 'transfer_reversal',
    amount: p.amount,
    balance_transaction: null,
    created: p.created,
    currency: p.currency,
    destination_payment_refund: null,
    metadata: p.metadata,
    source_refund: null,
    transfer: p.transfer,
  };
}

export type EventType = Stripe.Event['type'];
export type EventOf<T extends EventType> = Extract<Stripe.Event, { type: T }>;

/** An event as Stripe delivers it to a webhook endpoint (`account` set for Connect events). */
export function event<T extends EventType>(
  type: T,
  id: string,
  object: EventOf<T>['data']['object'],
  options: { account?: string; previous?: Record<string, unknown> } = {},
): EventOf<T> {
  return {
    id,
    object: 'event',
    ...(options.account ? { account: options.account } : {}),
    api_version: Stripe.API_VERSION,
    created: nowSeconds(),
    data: { object, ...(options.previous ? { previous_attributes: options.previous } : {}) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  } as EventOf<T>;
}
