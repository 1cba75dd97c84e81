import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { type SignInOutcome, signInAttempts, user } from '../db/schema';

/** How long sign-in attempts are kept (docs/admin-tools.md, "Sign-in activity"). */
export const SIGN_IN_LOG_DAYS = 90;
const DAY_MS = 86_400_000;
const USER_AGENT_MAX = 200;

/** An address made coarse before it is kept: IPv4 to its /24, IPv6 to its /48. */
export function coarseNetwork(ip: string | null): string | null {
  if (!ip) return null;
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/.exec(ip.trim());
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  if (!ip.includes(':')) return null;
  const [head = '', tail = ''] = ip.trim().toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  if (groups.length !== 8 || !groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return `${groups
    .slice(0, 3)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/48`;
}

/**
 * Keeps one sign-in attempt on the account of `email` (none when there is no such account). Best
 * effort: a failure to record is logged and never fails the sign-in.
 */
export async function recordSignInAttempt(
  db: Db,
  attempt: { email: string; outcome: SignInOutcome; ip: string | null; userAgent: string | null; at: Date },
) {
  try {
    const account = await db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, attempt.email.trim().toLowerCase()))
      .get();
    if (!account) return;
    await db.insert(signInAttempts).values({
      userId: account.id,
      outcome: attempt.outcome,
      network: coarseNetwork(attempt.ip),
      userAgent: attempt.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
      createdAt: attempt.at,
    });
  } catch (err) {
    console.error('sign-in log: could not record an attempt', err);
  }
}

/** The hourly job's pruning: attempts older than SIGN_IN_LOG_DAYS go. Returns how many. */
export async function pruneSignInAttempts(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(signInAttempts)
    .where(lt(signInAttempts.createdAt, new Date(now.getTime() - SIGN_IN_LOG_DAYS * DAY_MS)))
    .returning({ id: signInAttempts.id });
  return gone.length;
}
