import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { creatorApplications } from '../../../db/schema';
import { conflict, notFound } from '../../../domain/errors';
import { TEXT } from '../../../domain/texts';

/** The application an admin decides on: 404 when there is none, 409 when it was decided already. */
export async function loadWaiting(db: Db, id: string) {
  const row = await db.select().from(creatorApplications).where(eq(creatorApplications.id, id)).get();
  if (!row) throw notFound(TEXT.applicationNotFound);
  if (row.status !== 'waiting') throw conflict(TEXT.applicationAlreadyDecided);
  return row;
}

/** The decision's own update: conditional on the application still waiting, so of two at once one wins. */
export function decide(
  db: Db,
  id: string,
  set: Partial<typeof creatorApplications.$inferInsert> & { decisionId: string },
) {
  return db
    .update(creatorApplications)
    .set(set)
    .where(and(eq(creatorApplications.id, id), eq(creatorApplications.status, 'waiting')))
    .returning({ id: creatorApplications.id });
}

/** Holds, as the batch runs, only if this decision's update won: what it writes besides requires it. */
export const decisionWon = (id: string, decisionId: string): SQL =>
  sql`exists (select 1 from creator_applications where id = ${id} and decision_id = ${decisionId})`;

/** Whether the batch's first statement (the decision's update) changed the row. */
export const won = (results: unknown[]) => ((results[0] as unknown[] | undefined)?.length ?? 0) > 0;
