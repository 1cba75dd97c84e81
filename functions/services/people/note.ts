import { eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { adminNotes, user } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { type AdminNoteInput, adminNoteInput } from '../../domain/people/input';
import { PEOPLE_TEXT } from '../../domain/people/texts';
import type { Deps } from '../../platform/deps';

/** An admin writes a note on a person's page (docs/admin-tools.md, "People"): kept, never edited; audited. */
export async function addAdminNote(
  deps: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  id: string,
  raw: AdminNoteInput,
): Promise<{ id: string }> {
  const admin = authorize(actor, 'people.note');
  const { body } = parseInput(adminNoteInput, raw);
  const { db } = deps;
  const person = await db.select({ email: user.email }).from(user).where(eq(user.id, id)).get();
  if (!person) throw notFound(PEOPLE_TEXT.personNotFound);
  const noteId = crypto.randomUUID();
  await new UnitOfWork(deps, admin)
    .add(
      db
        .insert(adminNotes)
        .values({ id: noteId, userId: id, authorId: admin.userId, body, createdAt: deps.clock.now() }),
    )
    .audit({
      verb: 'addAdminNote',
      resourceType: 'user',
      resourceId: id,
      summary: `Note on ${person.email}: ${body}`,
    })
    .commit();
  return { id: noteId };
}
