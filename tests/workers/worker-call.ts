import { env, exports } from 'cloudflare:workers';
import { createDeps } from '../../functions/platform/create-deps';
import type { Deps, DepsOverrides } from '../../functions/platform/deps';

export { env };

const ORIGIN = 'http://localhost:4321';

/**
 * The URL of a request for `path`, appended to the local origin as sent on the wire: `new URL('//x', origin)`
 * would read '//x' as another host (and '///' as no URL at all).
 */
export const urlOf = (path: string) => new URL(path.startsWith('/') ? `${ORIGIN}${path}` : path, ORIGIN);

/** A request to the worker under test (the real handler), as a browser on the local origin would send it. */
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(urlOf(path), init));
}

/**
 * The deps a request of the worker under test gets (the one factory, over the test's D1, KV,
 * R2 and Durable Objects), for tests that call verbs directly; `overrides` as a Node caller's.
 */
export function testDeps(overrides: DepsOverrides = {}): Deps {
  return createDeps(env, overrides);
}
