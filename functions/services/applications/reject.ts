import { eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { user } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { rejectApplicationInput } from '../../domain/applications/input';
import { conflict } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { fillText, TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { notifyWhen } from '../notifications';
import { decide, decisionWon, loadWaiting, won } from './internal/decision';

/** An admin rejects a waiting application with a reason, which is mailed (and shown on /apply). Audited, once. */
export async function rejectApplication(
  deps: Pick<Deps, 'db' | 'bell' | 'clock' | 'followUps'>,
  actor: Actor,
  id: string,
  input: { reason: string },
): Promise<{ rejected: true }> {
  const admin = authorize(actor, 'application.reject');
  const { reason } = parseInput(rejectApplicationInput, input);
  const { db, bell } = deps;
  const app = await loadWaiting(db, id);
  const account = await db.select({ id: user.id }).from(user).where(eq(user.email, app.email)).get();
  const decisionId = crypto.randomUUID();
  const when = decisionWon(id, decisionId);
  const uow = new UnitOfWork(deps, admin);
  uow.add(
    decide(db, id, {
      status: 'rejected',
      reason,
      decidedBy: admin.userId,
      decidedAt: deps.clock.now(),
      decisionId,
      userId: account?.id ?? app.userId,
    }),
  );
  if (account)
    notifyWhen(
      uow,
      bell,
      {
        userId: account.id,
        type: 'application',
        title: TEXT.applicationRejectedTitle,
        message: fillText(TEXT.applicationRejectedMessage, { reason }),
        actorId: admin.userId,
        topic: 'application',
      },
      when,
    );
  uow.owe(
    'mail',
    {
      to: app.email,
      subject: TEXT.applicationRejectedMailSubject,
      text: fillText(TEXT.applicationRejectedMailBody, { name: app.name, reason }),
    },
    { key: `application-decided:${id}`, when },
  );
  uow.audit({
    verb: 'rejectApplication',
    resourceType: 'application',
    resourceId: id,
    summary: `Creator application of ${app.email} rejected: ${reason}`,
    when,
  });
  if (!won(await uow.commit())) throw conflict(TEXT.applicationAlreadyDecided);
  return { rejected: true };
}
