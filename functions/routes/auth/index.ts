import { Hono } from 'hono';
import { clearSignInFailures, recordSignInFailure, signInBlockedFor } from '../../auth/throttle';
import type { AppEnv } from '../../http/types';
import { ApiError, notFound } from '../../lib/errors';

/** The better-auth endpoints the product uses; everything else it offers stays closed. */
const OPEN = new Set([
  'GET /get-session',
  'POST /sign-in/email',
  'POST /sign-up/email',
  'POST /sign-out',
  'POST /request-password-reset',
  'POST /reset-password',
  'POST /change-password',
  'GET /ok',
  'GET /error',
]);

const isOpen = (method: string, path: string) =>
  OPEN.has(`${method} ${path}`) || (method === 'GET' && /^\/reset-password\/[^/]+$/.test(path));

const clientAddress = (req: Request) => req.headers.get('cf-connecting-ip');

export const authRoutes = new Hono<AppEnv>().on(['GET', 'POST'], '/*', async (c) => {
  const path = c.req.path.replace(/^\/api\/auth/, '') || '/';
  if (!isOpen(c.req.method, path)) throw notFound('No such endpoint');
  const services = c.get('services');
  const { auth } = services;
  if (path !== '/sign-in/email') return auth.handler(c.req.raw);

  // Sign-in: refuse while too many recent failures for this account or address; count failures.
  const { db } = services;
  const now = services.clock.now().getTime();
  const body = (await c.req.raw
    .clone()
    .json()
    .catch(() => ({}))) as { email?: unknown };
  const email = typeof body.email === 'string' ? body.email : '';
  const ip = clientAddress(c.req.raw);
  const wait = email ? await signInBlockedFor(db, email, ip, now) : 0;
  if (wait > 0) {
    c.header('Retry-After', String(wait));
    throw new ApiError(
      'rate_limited',
      `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minute${wait > 60 ? 's' : ''}.`,
    );
  }
  const res = await auth.handler(c.req.raw);
  if (email && res.status === 401) await recordSignInFailure(db, email, ip, now);
  if (email && res.ok) await clearSignInFailures(db, email);
  return res;
});
