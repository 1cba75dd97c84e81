import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userRoles } from '../../../db/schema';
import type { Role } from '../../../domain/users/roles';

/** Grants a role (idempotent). Returns true when the user did not have it before. */
export async function grantRole(db: Db, userId: string, role: Role): Promise<boolean> {
  const rows = await db
    .insert(userRoles)
    .values({ userId, role })
    .onConflictDoNothing()
    .returning({ role: userRoles.role });
  return rows.length > 0;
}

export async function revokeRole(db: Db, userId: string, role: Role): Promise<boolean> {
  const rows = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .returning({ role: userRoles.role });
  return rows.length > 0;
}
