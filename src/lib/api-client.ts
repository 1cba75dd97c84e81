/**
 * The browser's one way to call the API (docs/architecture.md, "The browser's client"): one client per
 * API prefix, typed by hono/client from that prefix's routes module, and one error, `ApiError`, for
 * every failure. Routes and hono/client are imported for their types only: no server code, and not
 * hc's runtime, reaches a browser bundle.
 */
import type { ClientResponse, hc } from 'hono/client';
import type { API_ROUTES } from '../../functions/app';

/** Shown when the API could not be reached at all (status 0). */
export const NETWORK_ERROR = "Couldn't reach Reelfund. Check your connection and try again.";
/** Shown when an answer is not the API's error shape (a proxy's page, an empty body). */
export const FALLBACK_ERROR = 'Something went wrong. Please try again.';

/** A field's problem from validation (`details` of a `validation_failed` error). */
export interface FieldProblem {
  path: string;
  message: string;
}

/**
 * A failed call, from the API's one error body `{ error: { code, message, details? } }`.
 * Status 0 (code `network`): no answer at all.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: FieldProblem[] = [],
  ) {
    super(message);
  }
}

/** The error a failed Response carries, read from its body (also for calls made outside the client: XHR). */
export async function errorOf(res: Response): Promise<ApiError> {
  const body = (await res.json().catch(() => null)) as {
    error?: { code?: string; message?: string; details?: FieldProblem[] };
  } | null;
  const error = body?.error;
  const fields = Array.isArray(error?.details) ? error.details : [];
  return new ApiError(res.status, error?.code ?? 'error', error?.message || FALLBACK_ERROR, fields);
}

/** The message to show for any failure: the API's own, or that the API could not be reached. */
export const messageOf = (err: unknown) => (err instanceof ApiError ? err.message : NETWORK_ERROR);

/**
 * The API's own message for a failure, or the screen's `fallback` when there is none (no answer, or an
 * answer that is not the API's error shape): the admin screens' texts for those cases.
 */
export const messageOr = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.status && err.message !== FALLBACK_ERROR ? err.message : fallback;

type Success = 200 | 201 | 202 | 203 | 204 | 205 | 206 | 207 | 208 | 226;
/** What a call's successful answer holds, as its route's handler returns it. */
export type Answer<R> = R extends ClientResponse<infer T, infer S, infer _F> ? (S extends Success ? T : never) : never;

/**
 * Sends a request built by the client and returns its successful answer's JSON (every route answers
 * JSON), or throws ApiError: with the API's code and message, or status 0 when the network failed.
 */
export async function call<R extends ClientResponse<unknown, number, string>>(request: Promise<R>): Promise<Answer<R>> {
  let res: Response;
  try {
    res = (await request) as unknown as Response;
  } catch {
    throw new ApiError(0, 'network', NETWORK_ERROR);
  }
  if (!res.ok) throw await errorOf(res);
  return res.json();
}

// hc keys a path parameter with its pattern (`':id{[A-Za-z0-9_-]{1,64}}'`); here it is `':id'`. The
// URL helpers ($url, $path, $ws) are left out: the runtime below does not build them.
type Unpattern<K> = K extends `:${infer Name}{${string}` ? `:${Name}` : K;
type Plain<T> = T extends (...args: never[]) => unknown
  ? T
  : { [K in keyof T as K extends '$url' | '$path' | '$ws' ? never : Unpattern<K>]: Plain<T[K]> };

type Routes = typeof API_ROUTES;
/** The client of one prefix, typed as hono/client's `hc` types it from that prefix's routes module. */
type PrefixClient<P extends keyof Routes> = Plain<ReturnType<typeof hc<Routes[P]>>>;
type Name<P> = P extends `/${infer N}` ? N : never;

interface Args {
  param?: Record<string, string>;
  query?: Record<string, string | string[] | undefined>;
  json?: unknown;
}
interface Options {
  headers?: Record<string, string>;
  init?: RequestInit;
}

/**
 * The request a chain such as `api.campaigns[':id'].members.$post(args)` stands for. hc's own runtime
 * (2 KB gzip: cookies, forms, WebSockets) would sit in the `chrome` file of every page (the bell uses
 * the client) and put the film page over its 15 KB budget (docs/performance.md); this does what our
 * routes use: path parameters (encoded), query, a JSON body, headers and a raw body through `init`.
 */
function send(keys: string[], args: Args = {}, options: Options = {}): Promise<Response> {
  const method = keys.pop()?.slice(1).toUpperCase();
  if (keys.at(-1) === 'index') keys.pop();
  const path = keys.map((k) => (k[0] === ':' ? encodeURIComponent(args.param?.[k.slice(1)] ?? '') : k)).join('/');
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(args.query ?? {})) for (const one of [v ?? []].flat()) query.append(k, one);
  const search = `${query}`;
  const json = args.json !== undefined;
  return fetch(`/api/${path}${search && `?${search}`}`, {
    method,
    headers: { ...(json && { 'content-type': 'application/json' }), ...options.headers },
    body: json ? JSON.stringify(args.json) : undefined,
    ...options.init,
  });
}

function chain(keys: string[]): unknown {
  return new Proxy(() => {}, {
    get: (_target, key) => (typeof key === 'string' && key !== 'then' ? chain([...keys, key]) : undefined),
    apply: (_target, _this, [args, options]: [Args?, Options?]) => send([...keys], args, options),
  });
}

/** The API's clients, one per prefix of API_ROUTES (functions/app.ts): `api.campaigns`, `api['my-list']`… */
export const api = chain([]) as { [P in keyof Routes as Name<P>]: PrefixClient<P> };
