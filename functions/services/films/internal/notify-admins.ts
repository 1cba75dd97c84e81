import { and, eq, ne } from 'drizzle-orm';
import { userRoles } from '../../../db/schema';
import type { UnitOfWork } from '../../../db/unit-of-work';
import type { Doorbell } from '../../../realtime/doorbell';
import { notify } from '../../notifications';

/** Tells every admin (but the one acting) that a film awaits review, in the caller's unit of work. */
export async function notifyAdminsOfSubmission(
  uow: UnitOfWork,
  bell: Doorbell,
  film: { id: string; title: string },
  actor: { userId: string; username: string | null },
  resubmitted: boolean,
) {
  const admins = await uow.db
    .select({ userId: userRoles.userId })
    .from(userRoles)
    .where(and(eq(userRoles.role, 'admin'), ne(userRoles.userId, actor.userId)))
    .limit(50);
  const who = actor.username ?? 'A creator';
  for (const { userId } of admins) {
    notify(uow, bell, {
      userId,
      type: 'video',
      title: resubmitted ? 'A film was resubmitted for review' : 'A new film awaits review',
      message: `${who} ${resubmitted ? 'resubmitted' : 'submitted'} “${film.title}”.`,
      videoId: film.id,
      actorId: actor.userId,
    });
  }
}
