import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  413: 'payload_too_large',
  415: 'unsupported_media_type',
  422: 'validation_failed',
  429: 'rate_limited',
};

const isOurShape = (body: unknown) =>
  typeof body === 'object' && body !== null && Object.keys(body).length === 1 && 'error' in body;

/**
 * better-auth answers its own errors as `{ code, message }` (or with no body at all); the API has
 * one error shape, so those are rewritten as `{ error: { code, message } }` with the same status and
 * headers. better-auth's code is kept, in lower case (INVALID_EMAIL_OR_PASSWORD → invalid_email_or_password).
 */
export const betterAuthErrors: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const res = c.res;
  if (res.status < 400 || c.req.method === 'HEAD') return;
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown; message?: unknown } | null;
  if (isOurShape(body)) return;
  const code =
    typeof body?.code === 'string' && body.code
      ? body.code.toLowerCase()
      : (CODE_BY_STATUS[res.status] ?? (res.status >= 500 ? 'internal' : 'bad_request'));
  const message =
    typeof body?.message === 'string' && body.message
      ? body.message
      : res.status >= 500
        ? 'Something went wrong on our side. Please try again.'
        : 'The request could not be completed';
  const headers = new Headers(res.headers);
  headers.set('content-type', 'application/json; charset=UTF-8');
  headers.delete('content-length');
  c.res = undefined;
  c.res = new Response(JSON.stringify({ error: { code, message } }), { status: res.status, headers });
};
