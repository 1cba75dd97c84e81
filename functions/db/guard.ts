import { sql } from 'drizzle-orm';
import { conflict } from '../domain/errors';
import type { Db } from './client';

const MARK = 'unit-of-work-conflict';

/**
 * A statement to place right after a conditional update in a batch: when that update changed no
 * row (someone else moved the state first), it fails — `json()` of a non-JSON text raises — and
 * the whole batch, its notifications, audit rows and owed follow-ups included, rolls back. SQLite's
 * raise() only works in triggers.
 */
export const abortUnlessChanged = (db: Db) =>
  // No bound parameters: drizzle's D1 batch can only run a raw statement without them.
  db.run(sql.raw(`select json('${MARK}') where changes() = 0`));

/** True when a batch failed on abortUnlessChanged (its conditional update changed nothing). */
export function abortedUnchanged(err: unknown): boolean {
  return /malformed JSON/i.test(String(err)) || /malformed JSON/i.test(String((err as { cause?: unknown })?.cause));
}

/** Runs a commit; null when the guard fired (its conditional update changed nothing, so nothing was written). */
export async function commitUnlessUnchanged<T>(commit: () => Promise<T>): Promise<T | null> {
  try {
    return await commit();
  } catch (err) {
    if (abortedUnchanged(err)) return null;
    throw err;
  }
}

/** Runs a commit, turning the guard's failure into a 409 with the given message. */
export async function committing<T>(commit: () => Promise<T>, message: string): Promise<T> {
  const done = await commitUnlessUnchanged(commit);
  if (done === null) throw conflict(message);
  return done;
}
