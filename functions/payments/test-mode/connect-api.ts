import type Stripe from 'stripe';
import { z } from 'zod';
import { derivedId, randomSeed } from '../ids';
import type { TestStripe } from './actions';
import { type Call, currency, int, metadata, missing, params, parse, type Route, StripeApiError } from './api';
import * as obj from './objects';
import { nowSeconds } from './objects';

/** TEST mode's Connect: Express accounts, onboarding links, transfers and their reversals. */

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

async function transferRecord(deps: TestStripe, id: string) {
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

export const CONNECT_ROUTES: Route[] = [
  ['POST', /^\/v1\/accounts$/, createAccount],
  ['GET', /^\/v1\/accounts\/([^/]+)$/, retrieveAccount],
  ['POST', /^\/v1\/account_links$/, createAccountLink],
  ['POST', /^\/v1\/transfers$/, createTransfer],
  ['GET', /^\/v1\/transfers\/([^/]+)$/, async ({ deps, match }) => transferRecord(deps, match[1] as string)],
  ['POST', /^\/v1\/transfers\/([^/]+)\/reversals$/, createTransferReversal],
];
