// Search latency on a catalogue of N films (run by scripts/bench/search.mjs under tsx). Builds its
// own libSQL database file (the production driver) with the real migrations, inserts the films in
// chunks (the FTS triggers index them as they land), merges the index, then times the app's own
// searchFilms() on every size, query by query interleaved.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { ANYONE } from '../../functions/auth/authorize';
import type { Db } from '../../functions/db/client';
import { schema } from '../../functions/db/client';
import { mergeSearchIndex } from '../../functions/db/search-index';
import type { Bindings } from '../../functions/env';
import { createDeps } from '../../functions/platform/create-deps';
import { silentDoorbell } from '../../functions/realtime/doorbell';
import { searchFilms } from '../../functions/services/catalogue';

const sizes = process.argv
  .slice(2)
  .filter((a) => !a.startsWith('--'))
  .map(Number);
/** How many times the same 1,000 queries are timed on each catalogue (`--rounds=N`, default 1). */
const ROUNDS = Number(process.argv.find((a) => a.startsWith('--rounds='))?.split('=')[1] ?? 1);
const CHUNK = 500;
const QUERIES = 1000;

/** A deterministic pseudo-random sequence, so every run builds the same catalogue. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYLLABLES =
  'ka lo mi ra ne so tu vi be da fe go hu ji ku le mo na pi qu re si ta vo wa xe yo zu an el or ish'.split(' ');
function words(count: number, random: () => number) {
  const out = new Set<string>();
  while (out.size < count) {
    const n = 2 + Math.floor(random() * 3);
    let w = '';
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
    out.add(w);
  }
  return [...out];
}

/** Zipf-like pick: low ranks are common, the tail is long (as in real descriptions). */
const zipf = (list: string[], random: () => number) => list[Math.floor(list.length * random() ** 3)] as string;
const pick = <T>(list: T[], random: () => number) => list[Math.floor(random() * list.length)] as T;
const cap = (w: string) => w[0]?.toUpperCase() + w.slice(1);

/** A catalogue of `size` films in its own libSQL file, indexed and merged, with its 1,000 queries. */
async function build(size: number) {
  const random = rng(42);
  const titleWords = words(20_000, random);
  const proseWords = words(30_000, random);
  const dir = mkdtempSync(join(tmpdir(), 'reelfund-search-bench-'));
  const client = createClient({ url: `file:${join(dir, 'bench.db')}` });
  const close = () => {
    client.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const db = drizzle(client, { schema });
    await migrate(db, { migrationsFolder: './migrations' });
    const now = Date.now();
    // Creators grow with the catalogue (about 20 films each), as in a real one.
    const creators = Array.from({ length: Math.max(50, Math.round(size / 20)) }, (_, i) => ({
      id: `creator-${i}`,
      name: `${cap(pick(titleWords, random))}_${i}`,
    }));
    await client.batch(
      creators.flatMap((c) => [
        {
          sql: 'insert into user (id, name, email, email_verified, created_at, updated_at) values (?, ?, ?, 0, ?, ?)',
          args: [c.id, c.name, `${c.id}@bench.test`, now, now],
        },
        { sql: 'insert into profiles (user_id, username) values (?, ?)', args: [c.id, c.name] },
      ]),
      'write',
    );
    const cats = [
      'Drama',
      'Comedy',
      'Documentary',
      'Sci-Fi',
      'Animation',
      'Thriller',
      'Horror',
      'Romance',
      'Music',
      'Family',
      'Crime',
      'War',
    ];
    await client.batch(
      cats.map((name, i) => ({
        sql: 'insert into categories (id, name, position) values (?, ?, ?)',
        args: [`c${i}`, name, i],
      })),
      'write',
    );

    const titles: string[] = [];
    const started = performance.now();
    for (let offset = 0; offset < size; offset += CHUNK) {
      const n = Math.min(CHUNK, size - offset);
      const rows: (string | number)[][] = [];
      for (let i = 0; i < n; i++) {
        const title = Array.from({ length: 1 + Math.floor(random() * 3) }, () => cap(pick(titleWords, random))).join(
          ' ',
        );
        titles.push(title);
        const description = Array.from({ length: 12 + Math.floor(random() * 14) }, () => zipf(proseWords, random)).join(
          ' ',
        );
        rows.push([
          `film-${offset + i}`,
          title,
          description,
          `c${Math.floor(random() * cats.length)}`,
          pick(creators, random).id,
          now - (offset + i) * 1000,
        ]);
      }
      const placeholders = rows.map(() => "(?, ?, ?, ?, ?, 'approved', ?)").join(', ');
      await client.execute({
        sql: `insert into videos (id, title, description, category_id, contributor_id, review_status, published_at) values ${placeholders}`,
        args: rows.flat(),
      });
    }
    const insertMs = performance.now() - started;
    // After a bulk load, the index is merged as the hourly job keeps it (functions/db/search-index.ts),
    // here to the end in one go (docs/performance.md, "Search").
    const mergeStarted = performance.now();
    const merged = await mergeSearchIndex(db as unknown as Db, { calls: Number.POSITIVE_INFINITY });
    const mergeMs = performance.now() - mergeStarted;

    // What people type: a film's title, one of its words, or the start of a word; a few creator names.
    const queries = Array.from({ length: QUERIES }, (_, i) => {
      const title = pick(titles, random);
      const first = title.split(' ')[0] ?? title;
      if (i % 10 === 9) return pick(creators, random).name;
      if (i % 3 === 0) return title;
      if (i % 3 === 1) return first;
      return first.slice(0, 4);
    });
    const typed = createDeps({ ENVIRONMENT: 'local', PUBLIC_URL: 'http://localhost:4321' } as Bindings, {
      db: db as unknown as Db,
      bell: silentDoorbell,
      kv: null,
      media: null,
    });
    for (const q of queries.slice(0, 100)) await searchFilms(typed, ANYONE, q); // warm-up
    return {
      size,
      insertMs,
      mergeMs,
      mergeCalls: merged.calls,
      queries,
      search: (q: string) => searchFilms(typed, ANYONE, q),
      close,
    };
  } catch (err) {
    close();
    throw err;
  }
}

type Catalogue = Awaited<ReturnType<typeof build>>;

/**
 * Times the catalogues' queries interleaved, query by query (the sizes' order alternating), so every
 * size meets the same machine: on a shared machine the load moves within seconds, and timing one
 * size after the other compared two different machines (docs/performance.md, "Search").
 */
async function timeInterleaved(catalogues: Catalogue[]) {
  const rounds = catalogues.map(() => [] as { p50: number; p99: number }[]);
  const hits = catalogues.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    const times = catalogues.map(() => [] as number[]);
    const byKind = catalogues.map(() => ({}) as Record<string, number[]>);
    hits.fill(0);
    for (let i = 0; i < QUERIES; i++) {
      const order = catalogues.map((_, c) => c);
      if (i % 2 === 1) order.reverse();
      for (const c of order) {
        const catalogue = catalogues[c] as Catalogue;
        const q = catalogue.queries[i] as string;
        const t = performance.now();
        const r = await catalogue.search(q);
        const dt = performance.now() - t;
        times[c]?.push(dt);
        hits[c] = (hits[c] ?? 0) + r.hits.length;
        const kind = i % 10 === 9 ? 'creator' : (['title', 'word', 'prefix'][i % 3] as string);
        const kinds = byKind[c] as Record<string, number[]>;
        kinds[kind] = [...(kinds[kind] ?? []), dt];
      }
    }
    for (const [c, list] of times.entries()) {
      if (process.env.SEARCH_BENCH_DEBUG)
        for (const [k, v] of Object.entries(byKind[c] ?? {})) {
          v.sort((a, b) => a - b);
          const size = catalogues[c]?.size;
          console.error(size, k, 'p50', v[Math.floor(v.length / 2)]?.toFixed(2), 'max', v.at(-1)?.toFixed(2));
        }
      list.sort((a, b) => a - b);
      const at = (p: number) => list[Math.min(list.length - 1, Math.floor(p * list.length))] ?? 0;
      rounds[c]?.push({ p50: at(0.5), p99: at(0.99) });
    }
  }
  return catalogues.map(({ size, insertMs, mergeMs, mergeCalls }, c) => {
    const first = rounds[c]?.[0] ?? { p50: 0, p99: 0 };
    const avgHits = (hits[c] ?? 0) / QUERIES;
    return {
      size,
      insertMs,
      mergeMs,
      mergeCalls,
      p50: first.p50,
      p99: first.p99,
      rounds: rounds[c],
      queries: QUERIES,
      avgHits,
    };
  });
}

const catalogues: Catalogue[] = [];
try {
  for (const size of sizes) catalogues.push(await build(size));
  console.log(JSON.stringify(await timeInterleaved(catalogues)));
} finally {
  for (const c of catalogues) c.close();
}
