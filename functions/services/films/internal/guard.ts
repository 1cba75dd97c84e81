import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { conflict } from '../../../http/errors';

const MARK = 'unit-of-work-conflict';

/**
 * A statement to place right after a conditional update in a batch: when that update changed no
 * row (someone else moved the state first), it fails — `json()` of a non-JSON text raises — and
 * the whole batch, notifications included, rolls back. SQLite's raise() only works in triggers.
 */
export const abortUnlessChanged = (db: Db) =>
  // No bound parameters: drizzle's D1 batch can only run a raw statement without them.
  db.run(sql.raw(`select json('${MARK}') where changes() = 0`));

/** Runs a commit, turning the guard's failure into a 409 with the given message. */
export async function committing<T>(commit: () => Promise<T>, message: string): Promise<T> {
  try {
    return await commit();
  } catch (err) {
    if (/malformed JSON/i.test(String(err)) || String((err as { cause?: unknown })?.cause).match(/malformed JSON/i)) {
      throw conflict(message);
    }
    throw err;
  }
}
