// The admin overview at scale (issue 45 item 2), run by scripts/bench/overview.mjs under tsx. Builds a
// scratch libSQL file (the production driver) with the real migrations, bulk-inserts 100,000 films,
// 20,000 campaigns and 1,000,000 ledger lines with plain multi-row INSERTs (not the app's verbs),
// then times the overview verb uncached (no KV). Refuses to report a figure on less data.

import { existsSync, mkdtempSync, rmSync } from 'node:fs';
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
import { adminOverview } from '../../functions/services/overview';

export const FILMS = 100_000;
export const CAMPAIGNS = 20_000;
export const LEDGER_LINES = 1_000_000;
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 60);
const WARM_UP = 5;
const ROWS_PER_INSERT = 500;
const DAY = 86_400_000;
const STATUSES = ['live', 'live', 'live', 'completed', 'paused', 'pending_approval', 'active', 'cancelled'];

/** `--keep=<file>`: build the database there once and reuse it on later runs (for profiling). */
const keep = process.argv.find((a) => a.startsWith('--keep='))?.split('=')[1];
const dir = mkdtempSync(join(tmpdir(), 'reelfund-overview-bench-'));
const reuse = Boolean(keep && existsSync(keep));
const client = createClient({ url: `file:${keep ?? join(dir, 'bench.db')}` });

/** Inserts rows `ROWS_PER_INSERT` at a time, in one write transaction per 20 statements. */
async function bulk(table: string, columns: string[], rows: Iterable<InValue[]>) {
  const one = `(${columns.map(() => '?').join(', ')})`;
  let chunk: InValue[][] = [];
  let statements: { sql: string; args: InValue[] }[] = [];
  const flushChunk = () => {
    if (chunk.length === 0) return;
    statements.push({
      sql: `insert into ${table} (${columns.join(', ')}) values ${chunk.map(() => one).join(', ')}`,
      args: chunk.flat(),
    });
    chunk = [];
  };
  const flush = async () => {
    flushChunk();
    if (statements.length) await client.batch(statements, 'write');
    statements = [];
  };
  for (const row of rows) {
    chunk.push(row);
    if (chunk.length === ROWS_PER_INSERT) flushChunk();
    if (statements.length === 20) await flush();
  }
  await flush();
}

/** Loads the scratch database: migrations, then bulk inserts. */
async function load() {
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: './migrations' });
  const now = Date.now();
  const creators = 5_000;
  await bulk(
    'user',
    ['id', 'name', 'email', 'email_verified', 'created_at', 'updated_at'],
    (function* () {
      for (let i = 0; i < creators; i++) {
        const at = now - (i % 120) * DAY;
        yield [`creator-${i}`, `Creator ${i}`, `creator-${i}@bench.test`, 0, at, at];
      }
    })(),
  );
  await bulk(
    'user_roles',
    ['user_id', 'role'],
    (function* () {
      for (let i = 0; i < creators; i++) yield [`creator-${i}`, 'contributor'];
    })(),
  );
  await client.execute("insert into categories (id, name, position) values ('c0', 'Drama', 0)");
  await bulk(
    'videos',
    ['id', 'title', 'description', 'category_id', 'contributor_id', 'review_status', 'published_at'],
    (function* () {
      for (let i = 0; i < FILMS; i++) {
        const review = i % 50 === 0 ? 'pending' : 'approved';
        yield [
          `film-${i}`,
          `Film ${i}`,
          `A film numbered ${i}`,
          'c0',
          `creator-${i % creators}`,
          review,
          now - i * 1000,
        ];
      }
    })(),
  );
  await bulk(
    'campaigns',
    [
      'id',
      'title',
      'movie_id',
      'status',
      'goal_amount',
      'initial_goal_amount',
      'end_date',
      'creator_coins_enabled',
      'created_by',
      'revision',
    ],
    (function* () {
      for (let i = 0; i < CAMPAIGNS; i++) {
        const status = STATUSES[i % STATUSES.length] as string;
        yield [
          `camp-${i}`,
          `Campaign ${i}`,
          `film-${i}`,
          status,
          1_000_000,
          1_000_000,
          '2030-01-01',
          i % 10 === 0 ? 1 : 0,
          `creator-${i % creators}`,
          'r0',
        ];
      }
    })(),
  );

  // 50 lines per campaign: 20 payments (payer → escrow), one refund (escrow → refund), one release
  // (escrow → fee and two payables) and two payouts (payable → paid), spread over two years.
  const groups: InValue[][] = [];
  const lines: InValue[][] = [];
  let line = 0;
  const group = (
    key: string,
    kind: string,
    campaign: string,
    at: number,
    entries: [string, number, string | null][],
  ) => {
    const id = `g-${groups.length}`;
    groups.push([id, key, kind, 'usd', campaign, at]);
    for (const [account, cents, user] of entries)
      lines.push([`l-${line++}`, id, account, cents, 'usd', campaign, user, kind, at]);
  };
  for (let c = 0; c < CAMPAIGNS; c++) {
    const campaign = `camp-${c}`;
    const a = `creator-${c % creators}`;
    const b = `creator-${(c + 1) % creators}`;
    const first = now - ((c * 37) % 730) * DAY;
    let escrow = 0;
    for (let p = 0; p < 20; p++) {
      const pi = `pi_${c}_${p}`;
      const cents = 1_000 + ((c * 31 + p * 17) % 9_000);
      escrow += cents;
      group(`payment:${pi}`, 'payment', campaign, first + p * 3_600_000, [
        [`payer:${pi}`, -cents, null],
        [`escrow:${campaign}`, cents, null],
      ]);
    }
    group(`refund:pi_${c}_0`, 'refund', campaign, first + DAY, [
      [`escrow:${campaign}`, -1_000, null],
      [`refund:pi_${c}_0`, 1_000, null],
    ]);
    escrow -= 1_000;
    const gross = Math.floor(escrow / 2);
    const fee = Math.floor(gross / 10);
    const share = Math.floor((gross - fee) / 2);
    group(`release:${campaign}:1`, 'release', campaign, first + 2 * DAY, [
      [`escrow:${campaign}`, -(fee + 2 * share), null],
      ['fee:platform', fee, null],
      [`payable:${campaign}:${a}`, share, a],
      [`payable:${campaign}:${b}`, share, b],
    ]);
    for (const [i, u] of [a, b].entries()) {
      group(`payout:${campaign}:${i}`, 'payout', campaign, first + 3 * DAY, [
        [`payable:${campaign}:${u}`, -share, u],
        [`paid:${campaign}:${u}`, share, u],
      ]);
    }
  }
  await bulk('ledger_groups', ['id', 'idempotency_key', 'kind', 'currency', 'campaign_id', 'created_at'], groups);
  await bulk(
    'ledger_entries',
    ['id', 'group_id', 'account', 'amount_cents', 'currency', 'campaign_id', 'user_id', 'kind', 'created_at'],
    lines,
  );
  await client.execute('analyze');
}

try {
  const db = drizzle(client, { schema });
  const now = Date.now();
  const started = performance.now();
  if (!reuse) await load();
  const loadMs = performance.now() - started;

  const counts = await client.execute(
    'select (select count(*) from videos) films, (select count(*) from campaigns) campaigns, (select count(*) from ledger_entries) lines',
  );
  const [films, campaigns, ledgerLines] = ['films', 'campaigns', 'lines'].map((k) => Number(counts.rows[0]?.[k]));
  const short = [
    [films, FILMS, 'films'],
    [campaigns, CAMPAIGNS, 'campaigns'],
    [ledgerLines, LEDGER_LINES, 'ledger lines'],
  ].filter(([have, need]) => (have as number) < (need as number));
  if (short.length) {
    throw new Error(
      `refusing to report: the scratch database holds ${short.map(([have, need, what]) => `${have} of ${need} ${what}`).join(', ')}`,
    );
  }

  // Uncached: no KV, so every call reads the database.
  const deps = createDeps({ ENVIRONMENT: 'local', PUBLIC_URL: 'http://localhost:4321' } as Bindings, {
    db: db as unknown as Db,
    bell: silentDoorbell,
    kv: null,
    media: null,
  });
  const admin: Viewer = {
    userId: 'creator-0',
    email: 'creator-0@bench.test',
    username: null,
    avatarUrl: null,
    roles: ['viewer', 'admin'],
    sessionExpiresAt: new Date(now + DAY).toISOString(),
  };
  for (let i = 0; i < WARM_UP; i++) await adminOverview(deps, admin);
  const times: number[] = [];
  let raised = 0;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const o = await adminOverview(deps, admin);
    times.push(performance.now() - t);
    raised = o.money.raisedCents;
  }
  times.sort((x, y) => x - y);
  const at = (p: number) => times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? 0;
  console.log(
    JSON.stringify({ films, campaigns, ledgerLines, loadMs, runs: RUNS, p50: at(0.5), p95: at(0.95), raised }),
  );
} finally {
  client.close();
  rmSync(dir, { recursive: true, force: true });
}
