import { randomSeed } from '../ids';
import type { TestStripe } from './actions';
import { type Route, StripeApiError } from './api';
import { CONNECT_ROUTES } from './connect-api';
import { decodeStripeForm } from './form';
import { PAYMENT_ROUTES } from './payments-api';

/**
 * TEST mode's Stripe: a fetch function for the SDK's HTTP client (`Stripe.createFetchHttpClient`)
 * that answers the endpoints Reelfund uses the way api.stripe.com does — form-encoded requests,
 * JSON objects typed by the stripe package, Stripe's error shape, idempotency keys — and announces
 * state changes as Stripe-shaped events. Anything else is answered 404 as an unknown URL.
 */

const ROUTES: Route[] = [...PAYMENT_ROUTES, ...CONNECT_ROUTES];

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
export function testModeFetch(deps: TestStripe) {
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
