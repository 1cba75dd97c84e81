import { and, eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { user, userRoles } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { conflict, notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { type ChangeRoleInput, changeRoleInput } from '../../domain/people/input';
import { PEOPLE_TEXT } from '../../domain/people/texts';
import type { Deps } from '../../platform/deps';

/**
 * An admin grants a person a role, with a reason. Audited; effective on the person's next request
 * (roles are read per request) and pushed to their open tabs, which read the session again.
 */
export async function grantRole(
  deps: Pick<Deps, 'db' | 'bell' | 'clock' | 'followUps'>,
  actor: Actor,
  id: string,
  raw: ChangeRoleInput,
): Promise<{ granted: true }> {
  const admin = authorize(actor, 'people.grant-role');
  const { role, reason } = parseInput(changeRoleInput, raw);
  const { db, bell } = deps;
  const person = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, id)).get();
  if (!person) throw notFound(PEOPLE_TEXT.personNotFound);
  const now = deps.clock.now();
  const uow = new UnitOfWork(deps, admin);
  uow.add(
    db
      .insert(userRoles)
      .values({ userId: id, role, createdAt: now })
      .onConflictDoNothing()
      .returning({ role: userRoles.role }),
  );
  uow.audit({
    verb: 'grantRole',
    resourceType: 'user',
    resourceId: id,
    summary: `Role ${role} granted to ${person.email}: ${reason}`,
    // Written only when this batch's insert made the row (a grant that already held writes nothing).
    when: sql`exists (select 1 from ${userRoles} where ${and(eq(userRoles.userId, id), eq(userRoles.role, role), eq(userRoles.createdAt, now))})`,
  });
  uow.afterCommit(async (results) => {
    if ((results[0] as unknown[] | undefined)?.length) await bell.ring(id, { kind: 'roles' });
  });
  const results = await uow.commit();
  if (!(results[0] as unknown[] | undefined)?.length) throw conflict(PEOPLE_TEXT.alreadyHasRole);
  return { granted: true };
}
