import Stripe from 'stripe';
import type { EventTarget } from './actions';

export interface Delivery {
  /** Our own webhook endpoint for this event (PUBLIC_URL + path). */
  url: string;
  secret: string;
}

const RETRY_DELAYS_MS = [0, 1000, 4000];

/**
 * Sends one event the way Stripe does: a JSON POST with a `Stripe-Signature` header made with the
 * endpoint's signing secret, retried while the endpoint does not answer 2xx (Stripe retries for
 * days; the local responder a few times, within the request's waitUntil budget).
 */
export async function deliverEvent(
  event: Stripe.Event,
  to: Delivery,
  send: typeof fetch = fetch,
): Promise<{ status: number | null }> {
  const payload = JSON.stringify(event, null, 2);
  let status: number | null = null;
  for (const delay of RETRY_DELAYS_MS) {
    if (delay) await new Promise((r) => setTimeout(r, delay));
    // A fresh timestamp per attempt, as Stripe signs each delivery attempt.
    const signature = await Stripe.webhooks.generateTestHeaderStringAsync({
      payload,
      secret: to.secret,
      cryptoProvider: Stripe.createSubtleCryptoProvider(),
    });
    try {
      const res = await send(to.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks; TEST mode)',
        },
        body: payload,
      });
      status = res.status;
      await res.body?.cancel();
      if (res.ok) return { status };
    } catch (err) {
      console.warn(`TEST mode: delivering ${event.type} ${event.id} to ${to.url} failed:`, err);
    }
  }
  console.error(`TEST mode: gave up delivering ${event.type} ${event.id} to ${to.url} (last status ${status})`);
  return { status };
}

/** Delivers a batch of events to one endpoint concurrently, as Stripe's deliveries are independent. */
export async function deliverEvents(
  events: Stripe.Event[],
  target: EventTarget,
  endpoints: Record<EventTarget, Delivery>,
  send: typeof fetch = fetch,
) {
  return Promise.all(events.map((e) => deliverEvent(e, endpoints[target], send)));
}
