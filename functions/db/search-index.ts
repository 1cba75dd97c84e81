import { sql } from 'drizzle-orm';
import type { Db } from './client';

/**
 * Keeps catalogue search's FTS5 index (videos_fts, migrations/0005_search_fts.sql) merged into one
 * segment. Every write transaction adds a segment and FTS5's automerge (2, migration 0018) keeps
 * about one per level, so a catalogue that grows film by film has several; each query reads every
 * one of them, which is what made search slower as the catalogue grew (docs/performance.md,
 * "Search"). Index upkeep, not a change of anything a person owns: no audit, nothing owed.
 */

/** Pages of merged index FTS5 writes per call (about 4 KB each): one call stays well under a second. */
export const MERGE_PAGES_PER_CALL = 1000;
/** Calls per hourly run: about 40 MB of index written at most, a 100,000-film index (~45 MB) in two runs. */
export const MERGE_CALLS_PER_RUN = 10;

/** The index's segments now (a merge in progress counts its output too); 0 when nothing is indexed. */
export async function searchIndexSegments(db: Db): Promise<number> {
  // videos_fts_idx holds one row per leaf page that starts a new range of a segment's terms, so every
  // segment with content has at least one (FTS5's %_idx shadow table).
  const [row] = await db.all<{ n: number }>(sql`SELECT count(DISTINCT segid) AS n FROM videos_fts_idx`);
  return Number(row?.n ?? 0);
}

/**
 * Merges the index toward one segment with a bounded amount of work: FTS5's 'merge' command with a
 * negative budget merges every segment (not only full levels), writing about `pages` pages per call,
 * and a merge in progress goes on where the last call stopped. Stops once one segment is left (a
 * call on a merged index does nothing) or after `calls` calls. Safe to repeat and to run beside
 * writes: each call is one short write transaction.
 */
export async function mergeSearchIndex(
  db: Db,
  { pages = MERGE_PAGES_PER_CALL, calls = MERGE_CALLS_PER_RUN }: { pages?: number; calls?: number } = {},
): Promise<{ calls: number; segments: number }> {
  let made = 0;
  let segments = await searchIndexSegments(db);
  while (segments > 1 && made < calls) {
    await db.run(sql`INSERT INTO videos_fts (videos_fts, rank) VALUES ('merge', ${-Math.max(1, Math.floor(pages))})`);
    made++;
    segments = await searchIndexSegments(db);
  }
  return { calls: made, segments };
}
