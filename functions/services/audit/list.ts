import { and, eq, type SQL } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { keyset, keysetOrder } from '../../db/keyset';
import { type AuditActorKind, auditLog, profiles } from '../../db/schema';
import { type ListAuditQuery, listAuditQuery } from '../../domain/audit/input';
import { decodeCursor, encodeCursor } from '../../domain/cursor';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';

export interface AuditEntryView {
  id: string;
  /** ISO time of the change. */
  at: string;
  /** A user (with their current username), the platform's job by name, or a guest ('anyone', no id). */
  actor: { kind: AuditActorKind; id: string | null; username?: string };
  verb: string;
  resourceType: string;
  resourceId: string;
  summary: string;
}

export interface AuditPage {
  items: AuditEntryView[];
  /** The next page's cursor (`?cursor=`), or null on the last page. */
  nextCursor: string | null;
}

/**
 * Admins read who changed what (docs/architecture.md, "How a change is written"): the audit rows,
 * newest first, a page at a time, narrowed by actor (a user id or a job's name), resource and verb.
 */
export async function listAudit({ db }: Pick<Deps, 'db'>, actor: Actor, q: ListAuditQuery): Promise<AuditPage> {
  authorize(actor, 'audit.read');
  q = parseInput(listAuditQuery, q);
  const where: (SQL | undefined)[] = [];
  if (q.actor) where.push(eq(auditLog.actorId, q.actor));
  if (q.resourceType) where.push(eq(auditLog.resourceType, q.resourceType));
  if (q.resourceId) where.push(eq(auditLog.resourceId, q.resourceId));
  if (q.verb) where.push(eq(auditLog.verb, q.verb));
  const cursor = q.cursor ? decodeCursor(q.cursor) : null;
  if (cursor) where.push(keyset(auditLog.at, auditLog.id, cursor, 'before'));
  const rows = await db
    .select({ row: auditLog, username: profiles.username })
    .from(auditLog)
    .leftJoin(profiles, and(eq(auditLog.actorKind, 'user'), eq(profiles.userId, auditLog.actorId)))
    .where(and(...where))
    .orderBy(...keysetOrder(auditLog.at, auditLog.id, 'before'))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ row, username }) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: { kind: row.actorKind, id: row.actorId, ...(username ? { username } : {}) },
      verb: row.verb,
      resourceType: row.resourceType,
      resourceId: row.resourceId,
      summary: row.summary,
    })),
    nextCursor: rows.length > q.limit && last ? encodeCursor(last.row.at, last.row.id) : null,
  };
}
