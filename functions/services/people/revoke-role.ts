import { and, eq, not, or, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { user, userRoles } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { conflict, notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { type ChangeRoleInput, changeRoleInput } from '../../domain/people/input';
import { PEOPLE_TEXT } from '../../domain/people/texts';
import type { Deps } from '../../platform/deps';
import { anotherActiveAdmin } from './lib/last-admin';

/**
 * An admin takes a role from a person, with a reason. Audited and pushed like a grant. The admin role
 * is taken only while another active admin remains — checked inside the delete itself, so two admins
 * demoting each other at once leave one (docs/admin-tools.md, "The last admin").
 */
export async function revokeRole(
  deps: Pick<Deps, 'db' | 'bell' | 'clock' | 'followUps'>,
  actor: Actor,
  id: string,
  raw: ChangeRoleInput,
): Promise<{ revoked: true }> {
  const admin = authorize(actor, 'people.revoke-role');
  const { role, reason } = parseInput(changeRoleInput, raw);
  const { db, bell } = deps;
  const person = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, id)).get();
  if (!person) throw notFound(PEOPLE_TEXT.personNotFound);
  const held = and(eq(userRoles.userId, id), eq(userRoles.role, role));
  const had = await db.select({ role: userRoles.role }).from(userRoles).where(held).get();
  if (!had) throw conflict(PEOPLE_TEXT.doesNotHaveRole);
  const uow = new UnitOfWork(deps, admin);
  uow.add(
    db
      .delete(userRoles)
      .where(and(held, or(not(eq(userRoles.role, 'admin')), anotherActiveAdmin(id))))
      .returning({ role: userRoles.role }),
  );
  uow.audit({
    verb: 'revokeRole',
    resourceType: 'user',
    resourceId: id,
    summary: `Role ${role} revoked from ${person.email}: ${reason}`,
    when: sql`not exists (select 1 from ${userRoles} where ${held})`,
  });
  uow.afterCommit(async (results) => {
    if ((results[0] as unknown[] | undefined)?.length) await bell.ring(id, { kind: 'roles' });
  });
  const results = await uow.commit();
  if ((results[0] as unknown[] | undefined)?.length) return { revoked: true };
  // Nothing deleted: either the role went in the meantime, or it is the last admin's.
  throw conflict(role === 'admin' ? PEOPLE_TEXT.lastAdmin : PEOPLE_TEXT.doesNotHaveRole);
}
