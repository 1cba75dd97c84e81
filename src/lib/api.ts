/** A failed API call, carrying the API's one error shape `{ error: { code, message } }`. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Same-origin JSON call to the API; throws ApiRequestError with the server's message on failure. */
export async function api<T>(path: string, init: { method?: string; body?: unknown; keepalive?: boolean } = {}) {
  const res = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'same-origin',
    keepalive: init.keepalive,
    headers: {
      accept: 'application/json',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
    throw new ApiRequestError(
      res.status,
      body?.error?.code ?? 'error',
      body?.error?.message ?? `Request failed (${res.status})`,
    );
  }
  return (await res.json()) as T;
}
