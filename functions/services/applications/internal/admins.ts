import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { userRoles } from '../../../db/schema';

/** Every admin's id: who is told of a new application. */
export async function adminIds(db: Db): Promise<string[]> {
  const rows = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin'));
  return rows.map((r) => r.userId);
}
