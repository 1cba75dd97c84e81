import { type Context, Hono } from 'hono';
import { PASSWORD_MESSAGES, passwordProblem } from '../../auth/password-policy';
import { recordSignInAttempt } from '../../auth/sign-in-log';
import { attemptLimits, releaseAttempt, signInSucceeded } from '../../auth/throttle';
import type { SignInOutcome } from '../../db/schema';
import { badRequest, DomainError, notFound } from '../../domain/errors';
import { clientAddress, reserveOr429 } from '../../http/limits';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { closeSockets } from '../../realtime/doorbell';
import { signOutEverywhere } from '../../services/accounts';
import { answerExistingEmail } from './sign-up';

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

type Body = Record<string, unknown>;
type Ctx = Context<AppEnv>;

const text = (body: Body, field: string) => (typeof body[field] === 'string' ? (body[field] as string) : '');

/**
 * The body of a POST: JSON objects only. The product's screens send JSON; a form post or any other
 * encoding is refused here, before better-auth (which would accept it) sees it uncounted.
 */
async function jsonObject(c: Ctx): Promise<Body> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new DomainError('unsupported_media_type', 'Send the request as JSON (Content-Type: application/json).');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(await c.req.raw.clone().text());
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badRequest('The request body must be a JSON object.');
  }
  return parsed as Body;
}

function refuseWeak(password: string, account: { email?: string; username?: string } = {}) {
  const problem = passwordProblem(password, account);
  if (problem) throw new DomainError('weak_password', problem);
}

/** better-auth's error code of a failed answer (`{ code, message }`), or null. */
async function authErrorCode(res: Response): Promise<string | null> {
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  return typeof body?.code === 'string' ? body.code : null;
}

/** Runs better-auth; the reserved attempts are kept when `keep` says so, else given back. */
async function counted(c: Ctx, keys: string[], keep: (res: Response) => boolean) {
  const { auth, db } = c.get('deps');
  const res = await auth.handler(c.req.raw);
  if (!keep(res)) await releaseAttempt(db, keys);
  return res;
}

/** How a sign-in ended, for the account's sign-in history (docs/admin-tools.md, "Sign-in activity"). */
async function outcomeOf(res: Response): Promise<SignInOutcome> {
  if (res.ok) return 'signed-in';
  if (res.status === 401) return 'wrong-password';
  if (res.status === 403 && (await authErrorCode(res)) === 'ACCOUNT_SUSPENDED') return 'suspended';
  return 'refused';
}

async function signIn(c: Ctx, body: Body) {
  const { auth, db, clock } = c.get('deps');
  const email = text(body, 'email');
  const ip = clientAddress(c);
  if (!email) return auth.handler(c.req.raw);
  const limits = attemptLimits.signIn(email, ip);
  const record = (outcome: SignInOutcome) =>
    recordSignInAttempt(db, { email, outcome, ip, userAgent: c.req.header('user-agent') ?? null, at: clock.now() });
  try {
    await reserveOr429(c, limits, 'Too many failed sign-in attempts.');
  } catch (err) {
    await record('locked');
    throw err;
  }
  const res = await auth.handler(c.req.raw);
  await record(await outcomeOf(res));
  if (res.ok) await signInSucceeded(db, email, ip);
  else if (res.status !== 401)
    await releaseAttempt(
      db,
      limits.map((l) => l.key),
    );
  return res;
}

async function signUp(c: Ctx, body: Body) {
  const email = text(body, 'email');
  refuseWeak(text(body, 'password'), { email, username: text(body, 'name') });
  await reserveOr429(
    c,
    attemptLimits.signUp(clientAddress(c), c.get('deps').config.AUTH_SIGN_UP_PER_HOUR),
    'Too many accounts were created from your network.',
  );
  const res = await c.get('deps').auth.handler(c.req.raw);
  if (res.status === 422 && email) return answerExistingEmail(c, res, body);
  return res;
}

/** better-auth's own sign-out is global too (every session of the user), and closes their sockets. */
async function signOut(c: Ctx) {
  const viewer = await currentViewer(c);
  if (!viewer) return c.get('deps').auth.handler(c.req.raw);
  const cookies = await signOutEverywhere(c.get('deps'), viewer, c.req.raw.headers);
  if (c.env.USER_CHANNEL) await closeSockets(c.env.USER_CHANNEL, viewer.userId);
  for (const cookie of cookies) c.header('set-cookie', cookie, { append: true });
  return c.json({ success: true });
}

export const authRoutes = new Hono<AppEnv>().on(['GET', 'POST'], '/*', async (c) => {
  const path = c.req.path.replace(/^\/api\/auth/, '') || '/';
  if (!isOpen(c.req.method, path)) throw notFound('No such endpoint');
  const { auth, db } = c.get('deps');
  if (c.req.method !== 'POST') return auth.handler(c.req.raw);
  if (path === '/sign-out') return signOut(c);

  const body = await jsonObject(c);
  const ip = clientAddress(c);
  switch (path) {
    case '/sign-in/email':
      return signIn(c, body);
    case '/sign-up/email':
      return signUp(c, body);
    case '/request-password-reset': {
      const limits = attemptLimits.resetMail(text(body, 'email'), ip);
      await reserveOr429(c, limits, 'Too many password reset requests.');
      return counted(
        c,
        limits.map((l) => l.key),
        (res) => res.ok,
      );
    }
    case '/reset-password': {
      refuseWeak(text(body, 'newPassword'));
      const limits = attemptLimits.resetToken(ip);
      await reserveOr429(c, limits, 'Too many password reset attempts.');
      const res = await auth.handler(c.req.raw);
      if (res.ok)
        await releaseAttempt(
          db,
          limits.map((l) => l.key),
        );
      return res;
    }
    case '/change-password': {
      const viewer = await currentViewer(c);
      refuseWeak(text(body, 'newPassword'), { email: viewer?.email, username: viewer?.username ?? undefined });
      const res = await auth.handler(c.req.raw);
      if (res.status === 400 && (await authErrorCode(res)) === 'INVALID_PASSWORD')
        throw new DomainError('wrong_password', PASSWORD_MESSAGES.currentIncorrect);
      return res;
    }
    default:
      return auth.handler(c.req.raw);
  }
});
