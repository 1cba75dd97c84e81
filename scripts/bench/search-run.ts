// Search latency on a catalogue of N films (run by scripts/bench/search.mjs under tsx). Builds its
// own libSQL database file (the production driver) with the real migrations, inserts the films in
// chunks (the FTS triggers index them as they land), then times the app's own searchFilms().

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { ANYONE } from '../../functions/auth/authorize';
import type { Db } from '../../functions/db/client';
import { schema } from '../../functions/db/client';
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

async function bench(size: number) {
  const random = rng(42);
  const titleWords = words(20_000, random);
  const proseWords = words(30_000, random);
  const dir = mkdtempSync(join(tmpdir(), 'reelfund-search-bench-'));
  const client = createClient({ url: `file:${join(dir, 'bench.db')}` });
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
    const rounds: { p50: number; p99: number }[] = [];
    let hits = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const times: number[] = [];
      const byKind: Record<string, number[]> = {};
      hits = 0;
      for (const [i, q] of queries.entries()) {
        const t = performance.now();
        const r = await searchFilms(typed, ANYONE, q);
        const dt = performance.now() - t;
        times.push(dt);
        hits += r.hits.length;
        const kind = i % 10 === 9 ? 'creator' : (['title', 'word', 'prefix'][i % 3] as string);
        byKind[kind] = [...(byKind[kind] ?? []), dt];
      }
      if (process.env.SEARCH_BENCH_DEBUG)
        for (const [k, v] of Object.entries(byKind)) {
          v.sort((a, b) => a - b);
          console.error(size, k, 'p50', v[Math.floor(v.length / 2)]?.toFixed(2), 'max', v.at(-1)?.toFixed(2));
        }
      times.sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
      rounds.push({ p50: at(0.5), p99: at(0.99) });
    }
    const first = rounds[0] ?? { p50: 0, p99: 0 };
    return { size, insertMs, p50: first.p50, p99: first.p99, rounds, queries: QUERIES, avgHits: hits / QUERIES };
  } finally {
    client.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const results = [];
for (const size of sizes) results.push(await bench(size));
console.log(JSON.stringify(results));
