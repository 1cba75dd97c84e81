import { and, asc, desc, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Cursor } from '../domain/cursor';

/** Keyset paging over (created_at, id): rows strictly before or after a cursor, in a total order. */
export function keyset(createdAt: SQLiteColumn, id: SQLiteColumn, cursor: Cursor, direction: 'before' | 'after'): SQL {
  const at = new Date(cursor.at);
  const cmp = direction === 'before' ? lt : gt;
  return or(cmp(createdAt, at), and(eq(createdAt, at), cmp(id, cursor.id))) as SQL;
}

/** Newest first (before / first page) or oldest first (after: catching up). */
export function keysetOrder(createdAt: SQLiteColumn, id: SQLiteColumn, direction: 'before' | 'after') {
  return direction === 'after' ? [asc(createdAt), asc(id)] : [desc(createdAt), desc(id)];
}
