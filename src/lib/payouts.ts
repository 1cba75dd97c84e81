import { env } from 'cloudflare:workers';
import { getDb } from '../../functions/db/client';
import type { Bindings } from '../../functions/env';
import { paymentsFor } from '../../functions/payments/stripe';
import { durableObjectDoorbell, silentDoorbell } from '../../functions/realtime/doorbell';
import type { PayoutDeps } from '../../functions/services/payouts/deps';

/** The payout verbs' dependencies for a page that re-reads Stripe (stripe-setup-complete). */
export function pagePayoutDeps(): PayoutDeps {
  const b = env as unknown as Bindings;
  return {
    db: getDb(b),
    stripe: paymentsFor(b).stripe,
    bell: b.USER_CHANNEL ? durableObjectDoorbell(b.USER_CHANNEL) : silentDoorbell,
  };
}

/** Stripe's requirement ids ("individual.id_number") as a reader would say them. */
export const requirementLabel = (id: string) => id.replaceAll('_', ' ').replaceAll('.', ' · ');
