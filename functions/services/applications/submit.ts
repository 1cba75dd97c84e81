import { sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { creatorApplications } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { type SubmitApplicationInput, submitApplicationInput } from '../../domain/applications/input';
import { badRequest } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { fillText, TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { notifyWhen } from '../notifications';
import { adminIds } from './internal/admins';

/**
 * A request to become a creator (/apply). Signed in, the name and email are the account's. One
 * waiting application per email: a second one is not stored, and the answer is the same either way
 * (nobody learns who applied); only the mail to that address says which it was. Every admin is told,
 * live, in the same batch as the row. docs/applications.md.
 */
export async function submitApplication(
  deps: Pick<Deps, 'db' | 'bell' | 'clock' | 'followUps'>,
  actor: Actor,
  input: SubmitApplicationInput,
): Promise<{ ok: true }> {
  const viewer = authorize(actor, 'application.submit');
  const data = parseInput(submitApplicationInput, input);
  const email = viewer ? viewer.email.trim().toLowerCase() : data.email;
  const name = viewer ? (viewer.username ?? data.name ?? email) : data.name;
  if (!email || !name) throw badRequest(TEXT.applicationNameEmailRequired);

  const { db, bell } = deps;
  const id = crypto.randomUUID();
  const admins = await adminIds(db);
  const uow = new UnitOfWork(deps, viewer);
  uow.add(
    db
      .insert(creatorApplications)
      .values({
        id,
        email,
        userId: viewer?.userId ?? null,
        name,
        work: data.work,
        links: data.links,
        film: data.film,
        heardFrom: data.heardFrom,
        createdAt: deps.clock.now(),
      })
      .onConflictDoNothing(),
  );
  // Everything below holds only if this application was stored (not a second one from the email).
  const stored = sql`exists (select 1 from creator_applications where id = ${id})`;
  const again = sql`not ${stored}`;
  for (const userId of admins)
    notifyWhen(
      uow,
      bell,
      {
        userId,
        type: 'application',
        title: TEXT.applicationNewTitle,
        message: fillText(TEXT.applicationNewMessage, { name }),
        actorId: viewer?.userId ?? null,
      },
      stored,
    );
  uow.owe(
    'mail',
    {
      to: email,
      subject: TEXT.applicationMailSubject,
      text: fillText(TEXT.applicationMailBody, { name }),
    },
    { key: `application-received:${id}`, when: stored },
  );
  uow.owe(
    'mail',
    { to: email, subject: TEXT.applicationAgainMailSubject, text: TEXT.applicationAgainMailBody },
    { key: `application-again:${id}`, when: again },
  );
  await uow.commit();
  return { ok: true };
}
