import { desc, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { creatorApplications } from '../../db/schema';
import type { ApplicationStatus } from '../../domain/applications/status';
import type { Deps } from '../../platform/deps';

/**
 * The signed-in person's latest application, found by their account's email: its state and, when
 * rejected, the reason. Nobody else's application is ever shown (docs/applications.md).
 */
export async function myApplication(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
): Promise<{ status: ApplicationStatus; reason: string | null; createdAt: number } | null> {
  const viewer = authorize(actor, 'application.read-own');
  const row = await deps.db
    .select({
      status: creatorApplications.status,
      reason: creatorApplications.reason,
      createdAt: creatorApplications.createdAt,
    })
    .from(creatorApplications)
    .where(eq(creatorApplications.email, viewer.email.trim().toLowerCase()))
    .orderBy(desc(creatorApplications.createdAt))
    .get();
  return row ? { status: row.status, reason: row.reason, createdAt: row.createdAt.getTime() } : null;
}
