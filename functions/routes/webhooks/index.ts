import { type Context, Hono } from 'hono';
import Stripe from 'stripe';
import { z } from 'zod';
import { systemActor } from '../../auth/system-actor';
import type { StripeEventSource } from '../../db/schema';
import { badRequest } from '../../domain/errors';
import type { AppEnv } from '../../http/types';
import { webhookSecrets } from '../../payments/stripe';
import { receiveStripeEvent } from '../../services/webhooks';

/** The Stripe webhook acts as the platform: Stripe's signature, checked below, is its credential. */
const WEBHOOK = systemActor('webhook');

/** Stripe signs the timestamp too; older deliveries (replays) are refused. */
const TOLERANCE_SECONDS = 300;
const cryptoProvider = Stripe.createSubtleCryptoProvider();

/** What every Stripe event carries; a signed body without it is refused rather than half-recorded. */
const envelope = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  created: z.number().int().nonnegative(),
  livemode: z.boolean(),
  account: z.string().max(255).nullish(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/**
 * Stripe's deliveries. The raw body is read as text before anything parses it (the signature
 * covers the exact bytes), and verified with the endpoint's own secret; anything unsigned, wrongly
 * signed or stale is a 400 before any data is touched. Stripe sends JSON (never a form post) and no
 * Origin, which the API's CSRF guard lets through; no session is involved.
 */
async function receive(c: Context<AppEnv>, source: StripeEventSource) {
  const signature = c.req.header('stripe-signature');
  const payload = await c.req.text();
  if (!signature) throw badRequest('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    const secret = webhookSecrets(c.get('deps').config)[source];
    event = await Stripe.webhooks.constructEventAsync(payload, signature, secret, TOLERANCE_SECONDS, cryptoProvider);
  } catch {
    throw badRequest('Invalid Stripe signature');
  }
  if (!envelope.safeParse(event).success) throw badRequest('Not a Stripe event');
  const receipt = await receiveStripeEvent(c.get('deps'), WEBHOOK, event, source);
  return c.json({ received: true, ...receipt });
}

export const webhookRoutes = new Hono<AppEnv>()
  .post('/stripe', (c) => receive(c, 'platform'))
  .post('/stripe-connect', (c) => receive(c, 'connect'));
