import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type Actor, authorize } from '../../auth/authorize';
import { THROTTLE_WINDOW_MS } from '../../auth/throttle';
import type { SignInOutcome } from '../../db/schema';
import {
  accountSuspensions,
  adminNotes,
  authThrottle,
  campaigns,
  checkoutSessions,
  profiles,
  session,
  signInAttempts,
  user,
  userRoles,
  videos,
  walletLinks,
} from '../../db/schema';
import { notFound } from '../../domain/errors';
import { PEOPLE_TEXT } from '../../domain/people/texts';
import type { Role } from '../../domain/users/roles';
import type { Deps } from '../../platform/deps';

/** The most rows of each list a person's page shows. */
const RECENT = 20;

export interface PersonView {
  id: string;
  email: string;
  username: string | null;
  joinedAt: string;
  roles: Role[];
  films: { id: string; title: string; reviewStatus: string }[];
  campaigns: { id: string; title: string; status: string }[];
  payments: { id: string; campaignId: string; amountCents: number; status: string; at: string }[];
  wallets: { chainId: number; address: string }[];
  /** Sign-ins, newest first: every session opened, whether it is still open. */
  signIns: { at: string; ipAddress: string | null; userAgent: string | null; open: boolean }[];
  openSessions: number;
  /**
   * Failed sign-ins since their last successful one, within the throttle's window (the count that
   * locks the account at 5: functions/auth/throttle.ts), and when the first of them was.
   */
  failedSignIns: { count: number; since: string | null };
  /**
   * Sign-in attempts on the account, newest first — successes and failures, kept 90 days
   * (functions/auth/sign-in-log.ts): when, how it ended, the coarse address and the browser.
   */
  signInAttempts: { at: string; outcome: SignInOutcome; network: string | null; userAgent: string | null }[];
  /** Admins' notes on this person, newest first. */
  notes: { id: string; body: string; at: string; author: string | null }[];
  /** Set while the account is suspended: why, and since when. */
  suspension: { reason: string; at: string } | null;
}

/** A person as an admin sees them (/admin?tab=users&user=): roles, what they made and paid, wallets, sign-ins. */
export async function getPerson(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  actor: Actor,
  id: string,
): Promise<PersonView> {
  authorize(actor, 'people.read');
  const now = clock.now();
  const author = alias(profiles, 'author');
  const [people, roles, films, camps, pays, wallets, sessions, open, suspensions, notes, attempts] = await db.batch([
    db
      .select({ id: user.id, email: user.email, createdAt: user.createdAt, username: profiles.username })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.id, id)),
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, id)),
    db
      .select({ id: videos.id, title: videos.title, reviewStatus: videos.reviewStatus })
      .from(videos)
      .where(eq(videos.contributorId, id))
      .orderBy(desc(videos.createdAt))
      .limit(RECENT),
    db
      .select({ id: campaigns.id, title: campaigns.title, status: campaigns.status })
      .from(campaigns)
      .innerJoin(videos, eq(videos.id, campaigns.movieId))
      .where(eq(videos.contributorId, id))
      .orderBy(desc(campaigns.createdAt))
      .limit(RECENT),
    db
      .select({
        id: checkoutSessions.id,
        campaignId: checkoutSessions.campaignId,
        amountCents: checkoutSessions.amountCents,
        // A card dispute shows over the session's status: disputed, then won or lost (docs/money.md, "Disputes").
        status: sql<string>`coalesce((select case g.kind when 'dispute_won' then 'dispute won' when 'dispute_lost' then 'dispute lost' else 'disputed' end from ledger_groups g where g.payment_intent_id = "checkout_sessions"."payment_intent_id" and g.kind in ('dispute', 'dispute_won', 'dispute_lost') order by g.kind = 'dispute', g.created_at desc limit 1), ${checkoutSessions.status})`,
        at: checkoutSessions.createdAt,
      })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.payerId, id))
      .orderBy(desc(checkoutSessions.createdAt))
      .limit(RECENT),
    db
      .select({ chainId: walletLinks.chainId, address: walletLinks.address })
      .from(walletLinks)
      .where(eq(walletLinks.userId, id)),
    db
      .select({
        at: session.createdAt,
        ipAddress: session.ipAddress,
        userAgent: session.userAgent,
        expiresAt: session.expiresAt,
      })
      .from(session)
      .where(eq(session.userId, id))
      .orderBy(desc(session.createdAt))
      .limit(RECENT),
    db
      .select({ n: sql<number>`count(*)` })
      .from(session)
      .where(and(eq(session.userId, id), gt(session.expiresAt, now))),
    db
      .select({ reason: accountSuspensions.reason, at: accountSuspensions.createdAt })
      .from(accountSuspensions)
      .where(eq(accountSuspensions.userId, id)),
    db
      .select({ id: adminNotes.id, body: adminNotes.body, at: adminNotes.createdAt, author: author.username })
      .from(adminNotes)
      .leftJoin(author, eq(author.userId, adminNotes.authorId))
      .where(eq(adminNotes.userId, id))
      .orderBy(desc(adminNotes.createdAt))
      .limit(RECENT),
    db
      .select({
        at: signInAttempts.createdAt,
        outcome: signInAttempts.outcome,
        network: signInAttempts.network,
        userAgent: signInAttempts.userAgent,
      })
      .from(signInAttempts)
      .where(eq(signInAttempts.userId, id))
      .orderBy(desc(signInAttempts.createdAt), desc(signInAttempts.id))
      .limit(RECENT),
  ]);
  const suspended = suspensions[0];
  const person = people[0];
  if (!person) throw notFound(PEOPLE_TEXT.personNotFound);
  const throttle = await db
    .select()
    .from(authThrottle)
    .where(eq(authThrottle.key, `account:${person.email.trim().toLowerCase()}`))
    .get();
  const failing = throttle && throttle.windowStartedAt > now.getTime() - THROTTLE_WINDOW_MS ? throttle : null;
  return {
    id: person.id,
    email: person.email,
    username: person.username,
    joinedAt: person.createdAt.toISOString(),
    roles: roles.map((r) => r.role),
    films,
    campaigns: camps,
    payments: pays.map((p) => ({ ...p, at: p.at.toISOString() })),
    wallets,
    signIns: sessions.map((s) => ({
      at: s.at.toISOString(),
      ipAddress: s.ipAddress,
      userAgent: s.userAgent,
      open: s.expiresAt > now,
    })),
    openSessions: open[0]?.n ?? 0,
    failedSignIns: {
      count: failing?.failures ?? 0,
      since: failing?.failures ? new Date(failing.windowStartedAt).toISOString() : null,
    },
    signInAttempts: attempts.map((a) => ({ ...a, at: a.at.toISOString() })),
    notes: notes.map((n) => ({ id: n.id, body: n.body, at: n.at.toISOString(), author: n.author })),
    suspension: suspended ? { reason: suspended.reason, at: suspended.at.toISOString() } : null,
  };
}
