// The creator dashboard's overview (issue 44 item 2), run by scripts/bench/dashboard.mjs under tsx:
// a scratch libSQL file (the production driver) with the real migrations, one creator with 50 films
// (30 days of views each) and 20 campaigns (backers' payments in their escrow), among other
// creators' rows; then times the overview verb. Prints one JSON line.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type InValue } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Viewer } from '../../functions/auth/identity';
import type { Db } from '../../functions/db/client';
import { schema } from '../../functions/db/client';
import type { Bindings } from '../../functions/env';
import { createDeps } from '../../functions/platform/create-deps';
import { silentDoorbell } from '../../functions/realtime/doorbell';
import { creatorOverview } from '../../functions/services/dashboard';

export const FILMS = 50;
export const CAMPAIGNS = 20;
const OTHER_CREATORS = 200;
const VIEWERS = 40;
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 200);
const WARM_UP = 10;
const DAY = 86_400_000;

const dir = mkdtempSync(join(tmpdir(), 'reelfund-dashboard-bench-'));
const client = createClient({ url: `file:${join(dir, 'bench.db')}` });

async function insert(table: string, columns: string[], rows: InValue[][]) {
  const one = `(${columns.map(() => '?').join(', ')})`;
  for (let i = 0; i < rows.length; i += 200) {
    const chunk = rows.slice(i, i + 200);
    await client.execute({
      sql: `insert into ${table} (${columns.join(', ')}) values ${chunk.map(() => one).join(', ')}`,
      args: chunk.flat(),
    });
  }
}

async function load(now: number) {
  await migrate(drizzle(client, { schema }), { migrationsFolder: './migrations' });
  const people = [
    'me',
    ...Array.from({ length: OTHER_CREATORS }, (_, i) => `c${i}`),
    ...Array.from({ length: VIEWERS }, (_, i) => `v${i}`),
  ];
  await insert(
    'user',
    ['id', 'name', 'email', 'email_verified', 'created_at', 'updated_at'],
    people.map((id) => [id, id, `${id}@bench.test`, 0, now, now]),
  );
  // Each creator (me first) has FILMS films; me: CAMPAIGNS of them with a campaign.
  const films: InValue[][] = [];
  const campaigns: InValue[][] = [];
  const views: InValue[][] = [];
  const ledger: InValue[][] = [];
  for (const [c, owner] of ['me', ...Array.from({ length: OTHER_CREATORS }, (_, i) => `c${i}`)].entries()) {
    for (let f = 0; f < FILMS; f++) {
      const film = `${owner}-f${f}`;
      films.push([film, `Film ${f} of ${owner}`, owner, 'approved', now - f * DAY, now, now]);
      if (owner === 'me' || c % 10 === 0) {
        for (let d = 0; d < 30; d += 3)
          views.push([film, `v${(f + d) % VIEWERS}`, new Date(now - d * DAY).toISOString().slice(0, 10), now]);
      }
      if (f < CAMPAIGNS) {
        const id = `${film}-c`;
        const end = new Date(now + 30 * DAY).toISOString().slice(0, 10);
        campaigns.push([
          id,
          `Campaign ${f} of ${owner}`,
          film,
          'live',
          1_000_000,
          250_000,
          1_000_000,
          end,
          'r0',
          now,
          now,
        ]);
        if (owner === 'me') {
          for (let b = 0; b < 15; b++) {
            ledger.push([
              crypto.randomUUID(),
              `g-${id}-${b}`,
              `escrow:${id}`,
              5_000,
              'usd',
              id,
              `v${b}`,
              `pi_${id}_${b}`,
              'payment',
              now,
            ]);
          }
        }
      }
    }
  }
  await insert(
    'videos',
    ['id', 'title', 'contributor_id', 'review_status', 'published_at', 'created_at', 'updated_at'],
    films,
  );
  await insert(
    'campaigns',
    [
      'id',
      'title',
      'movie_id',
      'status',
      'goal_amount',
      'current_amount',
      'initial_goal_amount',
      'end_date',
      'revision',
      'created_at',
      'updated_at',
    ],
    campaigns,
  );
  await insert('video_views', ['video_id', 'user_id', 'day', 'created_at'], views);
  await insert(
    'ledger_groups',
    ['id', 'idempotency_key', 'kind', 'currency', 'campaign_id', 'created_at'],
    ledger.map((l) => [l[1] as string, l[1] as string, 'payment', 'usd', l[5] as string, now]),
  );
  await insert(
    'ledger_entries',
    [
      'id',
      'group_id',
      'account',
      'amount_cents',
      'currency',
      'campaign_id',
      'user_id',
      'payment_intent_id',
      'kind',
      'created_at',
    ],
    ledger,
  );
  await client.execute('analyze');
}

try {
  const now = Date.now();
  await load(now);
  const db = drizzle(client, { schema });
  const deps = createDeps({ ENVIRONMENT: 'local', PUBLIC_URL: 'http://localhost:4321' } as Bindings, {
    db: db as unknown as Db,
    bell: silentDoorbell,
    kv: null,
    media: null,
  });
  const me: Viewer = {
    userId: 'me',
    email: 'me@bench.test',
    username: null,
    avatarUrl: null,
    roles: ['viewer', 'contributor'],
    sessionExpiresAt: new Date(now + DAY).toISOString(),
  };
  for (let i = 0; i < WARM_UP; i++) await creatorOverview(deps, me);
  const times: number[] = [];
  let shape = { films: 0, campaigns: 0, backers: 0 };
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const o = await creatorOverview(deps, me);
    times.push(performance.now() - t);
    shape = { films: o.films.length, campaigns: o.campaigns.length, backers: o.campaigns[0]?.backers ?? 0 };
  }
  if (shape.films !== FILMS || shape.campaigns !== CAMPAIGNS) {
    throw new Error(`refusing to report: the overview read ${shape.films} films and ${shape.campaigns} campaigns`);
  }
  times.sort((x, y) => x - y);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? 0;
  console.log(JSON.stringify({ ...shape, runs: RUNS, p50: at(0.5), p95: at(0.95) }));
} finally {
  client.close();
  rmSync(dir, { recursive: true, force: true });
}
