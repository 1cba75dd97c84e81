// Bench only: 10,000 public campaigns for /campaigns (issue 49 item 6), each on its own approved film in
// one of five bench categories, with end dates, amounts, creation times and backers spread so every
// sort has work to do; a quarter of them have ended. Made on the bench's own state before its server
// starts. Prints one JSON line: { campaigns, categories, ledgerLines, loadMs }.
//   tsx scripts/bench/setup-campaign-list.ts --persist-to DIR --campaigns N
//
// Row by row through the local D1 binding this takes about 25 minutes (some 40 statements a second);
// with nothing else holding the state, the rows go straight into wrangler's SQLite file for the
// database, in one transaction (triggers included), in seconds.

import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { eq } from 'drizzle-orm';
import { systemActor } from '../../functions/auth/system-actor';
import { user } from '../../functions/db/schema';
import { ensureUser } from '../../functions/services/accounts';
import { argValue, openPlatform } from '../lib/platform';

const OWNER = { email: 'bench-lister@bench.local', password: 'bench-password', username: 'bench_lister' };
const count = Number(argValue('--campaigns') ?? 10_000);
const persistTo = argValue('--persist-to') ?? '.wrangler/state';
const CATEGORIES = ['bench-1', 'bench-2', 'bench-3', 'bench-4', 'bench-5'];
const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);
/** A repeatable spread (no Math.random: two runs load the same data). */
const spread = (i: number, n: number) => (i * 7919 + 104_729) % n;

const started = Date.now();
// The bench owner through the app's own verb (and the migrations applied by the platform's first use).
const platform = await openPlatform(persistTo);
let ownerId: string;
try {
  await ensureUser(platform.deps, systemActor('command'), { ...OWNER, roles: ['contributor'] });
  const owner = await platform.db.select({ id: user.id }).from(user).where(eq(user.email, OWNER.email)).get();
  if (!owner) throw new Error('bench owner missing');
  ownerId = owner.id;
} finally {
  await platform.dispose();
}

const d1Dir = resolve(persistTo, 'v3', 'd1', 'miniflare-D1DatabaseObject');
const files = readdirSync(d1Dir).filter((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
if (files.length !== 1) throw new Error(`expected one D1 database file in ${d1Dir}, found ${files.join(', ')}`);
const sqlite = new DatabaseSync(join(d1Dir, files[0] as string));
let ledgerLines = 0;
try {
  sqlite.exec('BEGIN');
  const category = sqlite.prepare('INSERT OR IGNORE INTO categories (id, name, position) VALUES (?, ?, ?)');
  for (const [i, id] of CATEGORIES.entries()) category.run(id, `Bench ${i + 1}`, 100 + i);
  const film = sqlite.prepare(
    "INSERT INTO videos (id, title, contributor_id, review_status, category_id) VALUES (?, ?, ?, 'approved', ?)",
  );
  const campaign = sqlite.prepare(
    `INSERT INTO campaigns (id, movie_id, title, status, goal_amount, initial_goal_amount, current_amount, end_date,
       created_at, created_by, revision) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)`,
  );
  const group = sqlite.prepare(
    "INSERT INTO ledger_groups (id, idempotency_key, kind, currency, campaign_id, payment_intent_id) VALUES (?, ?, 'payment', 'usd', ?, ?)",
  );
  const line = sqlite.prepare(
    `INSERT INTO ledger_entries (id, group_id, account, amount_cents, currency, campaign_id, payment_intent_id, kind)
       VALUES (?, ?, ?, 2500, 'usd', ?, ?, 'payment')`,
  );
  for (let i = 0; i < count; i++) {
    const movieId = crypto.randomUUID();
    const id = crypto.randomUUID();
    const goal = 100_000 * (1 + spread(i, 50));
    const ended = i % 4 === 3;
    film.run(movieId, `Bench listed film ${i + 1}`, ownerId, CATEGORIES[i % CATEGORIES.length] as string);
    campaign.run(
      id,
      movieId,
      `Bench listed campaign ${i + 1}`,
      ended && i % 8 === 7 ? 'completed' : 'live',
      goal,
      goal,
      Math.floor((goal * spread(i, 130)) / 100),
      ended ? day(-1 - spread(i, 60)) : day(spread(i, 90)),
      started - spread(i, 10_000) * 60_000,
      ownerId,
    );
    // Backers: 0–4 payments a campaign, one payer each (a payment without a session names its payer by intent).
    for (let p = 0; p < spread(i * 3 + 1, 5); p++) {
      const groupId = crypto.randomUUID();
      const pi = `pi_bench_${crypto.randomUUID().slice(0, 18)}`;
      group.run(groupId, `bench:${groupId}`, id, pi);
      line.run(crypto.randomUUID(), groupId, `escrow:${id}`, id, pi);
      ledgerLines++;
    }
  }
  sqlite.exec('COMMIT');
} finally {
  sqlite.close();
}
console.log(JSON.stringify({ campaigns: count, categories: CATEGORIES, ledgerLines, loadMs: Date.now() - started }));
