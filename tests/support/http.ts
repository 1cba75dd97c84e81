/** Request helpers shared by the workerd and libSQL projects (both speak plain fetch Requests). */
export const ORIGIN = 'http://localhost:4321';

export function jsonInit(method: string, body: unknown, cookie?: string): RequestInit {
  return {
    method,
    headers: { 'content-type': 'application/json', origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

/** The `name=value` pairs of a response's Set-Cookie headers, ready for a Cookie header. */
export function cookieFrom(res: Response) {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
