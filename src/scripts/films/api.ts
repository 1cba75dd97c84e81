/** Small fetch helpers for the film screens: JSON in and out, and the API's one error shape. */

export const NETWORK_ERROR = "Couldn't reach Reelfund. Check your connection and try again.";
const FALLBACK = 'Something went wrong. Please try again.';

export interface ApiProblem {
  status: number;
  message: string;
  /** Field problems from validation: `{ path, message }`. */
  fields: { path: string; message: string }[];
}

export class ApiFailure extends Error implements ApiProblem {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

export async function problemOf(res: Response): Promise<ApiFailure> {
  try {
    const body = (await res.json()) as { error?: { message?: string; details?: unknown } };
    const details = Array.isArray(body.error?.details) ? (body.error.details as ApiProblem['fields']) : [];
    return new ApiFailure(res.status, body.error?.message || FALLBACK, details);
  } catch {
    return new ApiFailure(res.status, FALLBACK);
  }
}

/** A JSON request; resolves the parsed body, or rejects with an ApiFailure (status 0: no network). */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
    });
  } catch {
    throw new ApiFailure(0, NETWORK_ERROR);
  }
  if (!res.ok) throw await problemOf(res);
  return (await res.json()) as T;
}

export const messageOf = (err: unknown) => (err instanceof ApiFailure ? err.message : NETWORK_ERROR);
