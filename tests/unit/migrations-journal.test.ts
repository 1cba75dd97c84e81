import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The migration journal drizzle's migrator follows (production, libSQL): one entry per SQL file, in
 * file-name order, and each entry's `when` later than the one before — the migrator applies only
 * entries newer than the last one a database has, so an entry dated earlier than its predecessor
 * would be skipped on every database that is already past it (docs/deployment.md, step 2, "Migrations").
 */
const journal = JSON.parse(readFileSync('migrations/meta/_journal.json', 'utf8')) as {
  entries: { idx: number; when: number; tag: string }[];
};
const files = readdirSync('migrations')
  .filter((f) => f.endsWith('.sql'))
  .map((f) => f.slice(0, -'.sql'.length))
  .sort();

describe('the migration journal', () => {
  it('lists every SQL file once, in name order, numbered by position', () => {
    expect(journal.entries.map((e) => e.tag)).toEqual(files);
    expect(journal.entries.map((e) => e.idx)).toEqual(files.map((_, i) => i));
    expect(files.map((f) => Number(f.slice(0, 4)))).toEqual(files.map((_, i) => i));
  });

  it('dates each entry after the one before', () => {
    const late = journal.entries.filter((e, i) => i > 0 && e.when <= (journal.entries[i - 1]?.when ?? 0));
    expect(late.map((e) => e.tag)).toEqual([]);
  });
});
