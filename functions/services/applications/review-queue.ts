import { desc, eq, inArray, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { creatorApplications, profiles, user } from '../../db/schema';
import type { ApplicationStatus } from '../../domain/applications/status';
import type { Deps } from '../../platform/deps';

export interface ApplicationSummary {
  id: string;
  email: string;
  name: string;
  work: string;
  links: string[];
  film: string;
  heardFrom: string;
  status: ApplicationStatus;
  reason: string | null;
  createdAt: number;
  decidedAt: number | null;
}

export interface ReviewedApplication extends ApplicationSummary {
  /** The account with this email, if one exists. */
  account: { userId: string; username: string | null } | null;
  /** Earlier applications from the same email, newest first. */
  earlier: Pick<ApplicationSummary, 'id' | 'status' | 'reason' | 'createdAt'>[];
}

const LIST_LIMIT = 100;

const summary = (r: typeof creatorApplications.$inferSelect): ApplicationSummary => ({
  id: r.id,
  email: r.email,
  name: r.name,
  work: r.work,
  links: r.links,
  film: r.film,
  heardFrom: r.heardFrom,
  status: r.status,
  reason: r.reason,
  createdAt: r.createdAt.getTime(),
  decidedAt: r.decidedAt?.getTime() ?? null,
});

/**
 * The admins' list of creator applications: waiting ones first (oldest first), then the latest
 * decided ones; each with whether an account has its email and the email's earlier applications.
 */
export async function listApplications(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
): Promise<{ waiting: ReviewedApplication[]; decided: ReviewedApplication[]; waitingCount: number }> {
  authorize(actor, 'application.review-queue');
  const { db } = deps;
  const rows = await db
    .select()
    .from(creatorApplications)
    .orderBy(
      sql`case when ${creatorApplications.status} = 'waiting' then 0 else 1 end`,
      sql`case when ${creatorApplications.status} = 'waiting' then ${creatorApplications.createdAt} else -coalesce(${creatorApplications.decidedAt}, ${creatorApplications.createdAt}) end`,
    )
    .limit(LIST_LIMIT);
  const emails = [...new Set(rows.map((r) => r.email))];
  const [accounts, history] = emails.length
    ? await Promise.all([
        db
          .select({ email: user.email, userId: user.id, username: profiles.username })
          .from(user)
          .leftJoin(profiles, eq(profiles.userId, user.id))
          .where(inArray(user.email, emails.slice(0, 90))),
        db
          .select()
          .from(creatorApplications)
          .where(inArray(creatorApplications.email, emails.slice(0, 90)))
          .orderBy(desc(creatorApplications.createdAt)),
      ])
    : [[], []];
  const accountOf = new Map(accounts.map((a) => [a.email.toLowerCase(), a]));
  const reviewed = rows.map((r): ReviewedApplication => {
    const a = accountOf.get(r.email);
    return {
      ...summary(r),
      account: a ? { userId: a.userId, username: a.username } : null,
      earlier: history
        .filter((h) => h.email === r.email && h.id !== r.id && h.createdAt < r.createdAt)
        .map((h) => ({ id: h.id, status: h.status, reason: h.reason, createdAt: h.createdAt.getTime() })),
    };
  });
  const waiting = reviewed.filter((r) => r.status === 'waiting');
  return { waiting, decided: reviewed.filter((r) => r.status !== 'waiting'), waitingCount: waiting.length };
}
