/** Calls to /api/campaigns from the campaign screens; every answer becomes ok/data or a status and a message. */
export type ApiResult<T> = { ok: true; data: T } | { ok: false; status: number; message: string; code?: string };

export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<ApiResult<T>> {
  try {
    const res = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    const data = (await res.json().catch(() => null)) as (T & { error?: { message?: string; code?: string } }) | null;
    if (res.ok) return { ok: true, data: data as T };
    return {
      ok: false,
      status: res.status,
      message: data?.error?.message ?? `Request failed (${res.status})`,
      code: data?.error?.code,
    };
  } catch (err) {
    return { ok: false, status: 0, message: err instanceof Error ? err.message : 'Network error' };
  }
}
