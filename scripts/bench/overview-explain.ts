// The admin overview's reads, and the admin lists', one by one: EXPLAIN QUERY PLAN and the median of
// 15 runs of each, on a database kept by `tsx scripts/bench/overview-run.ts --keep=<file>`
// (docs/admin-tools.md, "Where the uncached time goes"). Usage: npx tsx scripts/bench/overview-explain.ts <file>
import { createClient } from '@libsql/client';

const file = process.argv[2];
if (!file) throw new Error('usage: tsx overview-explain.ts <bench.db>');
const client = createClient({ url: `file:${file}` });
const now = Date.now();
const firstWeek = now - 8 * 7 * 86_400_000;
const Q: [string, string, unknown[]][] = [
  ['people', 'select count(*) from "user"', []],
  ['suspended', 'select count(*) from account_suspensions', []],
  ['roles', 'select role, count(*) from user_roles group by role', []],
  ['sign-ups', 'select created_at from "user" where created_at >= ?', [firstWeek]],
  ['films waiting', "select count(*) from videos where review_status = 'pending'", []],
  ['campaigns by status', 'select status, count(*) from campaigns group by status', []],
  ['applications', "select count(*) from creator_applications where status = 'waiting'", []],
  ['coins waiting', 'select count(*) from campaigns where creator_coins_enabled = 1 and creator_coin_deployed = 0', []],
  ['coins deployed', "select count(*) from coin_deployments where status = 'deployed'", []],
  ['payouts failing', "select count(*) from payouts where status = 'failed'", []],
  [
    'ledger totals',
    "select account_type, kind, day, cents from ledger_daily where account_type in ('escrow', 'paid')",
    [],
  ],
  [
    'money list (payment)',
    "select g.id from ledger_groups g join ledger_entries e on e.group_id = g.id and e.account = 'escrow:' || g.campaign_id left join campaigns c on c.id = g.campaign_id left join checkout_sessions cs on cs.payment_intent_id = g.payment_intent_id where g.kind = 'payment' order by g.created_at desc, g.id desc limit 26",
    [],
  ],
  [
    'money list (escrow)',
    "select g.id from ledger_groups g join ledger_entries e on e.group_id = g.id and e.account = 'escrow:' || g.campaign_id where g.kind = 'payment' and not exists (select 1 from escrow_claims c where c.payment_intent_id = g.payment_intent_id) and not exists (select 1 from ledger_groups r where r.idempotency_key = 'refund:' || g.payment_intent_id) order by g.created_at desc, g.id desc limit 26",
    [],
  ],
  [
    'campaigns list (live)',
    "select c.id from campaigns c join videos v on v.id = c.movie_id where c.status = 'live' order by c.created_at desc, c.id desc limit 26",
    [],
  ],
  [
    'people list (admin)',
    'select u.id from "user" u where exists (select 1 from user_roles r where r.user_id = u.id and r.role = \'admin\') order by u.created_at desc, u.id desc limit 26',
    [],
  ],
];
for (const [name, sql, args] of Q) {
  const plan = await client.execute({ sql: `explain query plan ${sql}`, args: args as never });
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    await client.execute({ sql, args: args as never });
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`\n## ${name}: median ${times[7]?.toFixed(2)} ms, max ${times[14]?.toFixed(2)} ms`);
  for (const r of plan.rows) console.log(`   ${String(r.detail)}`);
}
