import { env, exports } from 'cloudflare:workers';

export { env };

const ORIGIN = 'http://localhost:4321';

/** A request to the worker under test (the real handler), as a browser on the local origin would send it. */
export function call(path: string, init: RequestInit = {}): Promise<Response> {
  return exports.default.fetch(new Request(new URL(path, ORIGIN), init));
}
