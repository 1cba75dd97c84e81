import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userRoles } from '../../../db/schema';
import type { Role } from '../../../domain/users/roles';

/** The insert that grants a role (nothing when the user has it); returns the role when it was new. */
export const grantRoleStatement = (db: Db, userId: string, role: Role) =>
  db.insert(userRoles).values({ userId, role }).onConflictDoNothing().returning({ role: userRoles.role });

/** Grants a role (idempotent), unaudited: for test factories. Returns true when the user did not have it before. */
export async function grantRole(db: Db, userId: string, role: Role): Promise<boolean> {
  const rows = await grantRoleStatement(db, userId, role);
  return rows.length > 0;
}

export async function revokeRole(db: Db, userId: string, role: Role): Promise<boolean> {
  const rows = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .returning({ role: userRoles.role });
  return rows.length > 0;
}
