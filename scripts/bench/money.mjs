// Money figures for `npm run bench`: signed Stripe webhook deliveries per second, and the time to
// settle N concurrent payments on one campaign (each settled exactly once). Also runs on its own
// (own port and state): `npm run bench:money [-- --no-build]`.
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../lib/proc.mjs';
import { signIn } from './realtime.mjs';

const WEBHOOK = '/api/webhooks/stripe';
const SETTLE_SIZES = [50, 200, 800];
const RATE_EVENTS = 1000;
const RATE_CONCURRENCY = 20;

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const rnd = () => crypto.randomUUID().replaceAll('-', '').slice(0, 16);

/** Creates the bench creator and live campaigns on the state, before the server starts. */
export async function moneySetup(stateDir) {
  const out = await run(
    'tsx',
    // One for the webhook rate, one per settlement size, and the last for the live film-page figures.
    ['scripts/bench/setup-money.ts', '--persist-to', stateDir, '--campaigns', String(2 + SETTLE_SIZES.length)],
    { quiet: true },
  );
  const line = out
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{'));
  if (!line) throw new Error(`setup-money printed no result:\n${out}`);
  return JSON.parse(line);
}

/**
 * A checkout.session.completed for a paid card session, as Stripe sends it (the fields our handler
 * reads), signed like Stripe-Signature: t=<ts>,v1=HMAC-SHA256(secret, "<ts>.<payload>").
 */
export function signedPayment(secret, campaignId, amountCents) {
  const pi = `pi_bench_${rnd()}`;
  const now = Math.floor(Date.now() / 1000);
  const session = {
    id: `cs_bench_${rnd()}`,
    object: 'checkout.session',
    mode: 'payment',
    status: 'complete',
    payment_status: 'paid',
    payment_intent: pi,
    amount_total: amountCents,
    currency: 'usd',
    created: now,
    livemode: false,
    metadata: {
      campaignId,
      amountCents: String(amountCents),
      checkoutRef: `co_bench_${rnd()}`,
      guestEmail: 'bench@example.test',
    },
  };
  const event = {
    id: `evt_bench_${rnd()}`,
    object: 'event',
    api_version: '2025-01-01',
    created: now,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: { object: session },
  };
  const body = JSON.stringify(event);
  const v1 = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex');
  return { body, signature: `t=${now},v1=${v1}`, amountCents };
}

export async function post(base, delivery) {
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}${WEBHOOK}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': delivery.signature },
      body: delivery.body,
    });
    await res.arrayBuffer();
    return { ok: res.status === 200, ms: performance.now() - t0 };
  } catch {
    return { ok: false, ms: performance.now() - t0 };
  }
}

/** What the campaign shows after: raised (public) and its payment groups (analytics, as the owner). */
async function settledState(base, cookie, campaignId) {
  const analytics = await (
    await fetch(`${base}/api/campaigns/${campaignId}/analytics`, { headers: { cookie } })
  ).json();
  return { raised: analytics.analytics.raisedCents, groups: analytics.analytics.paymentsCount };
}

const amountFor = (i) => 100 + ((i * 37) % 9901);

/** `events` signed deliveries, `concurrency` at a time: events per second and latency. */
async function webhookRate(base, setup, cookie, campaignId) {
  const deliveries = Array.from({ length: RATE_EVENTS }, (_, i) =>
    signedPayment(setup.secret, campaignId, amountFor(i)),
  );
  const latencies = [];
  let failed = 0;
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: RATE_CONCURRENCY }, async () => {
      while (next < deliveries.length) {
        const r = await post(base, deliveries[next++]);
        latencies.push(r.ms);
        if (!r.ok) failed++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const state = await settledState(base, cookie, campaignId);
  const sum = deliveries.reduce((t, d) => t + d.amountCents, 0);
  return {
    events: deliveries.length,
    perSecond: deliveries.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failed,
    exact: state.raised === sum && state.groups === deliveries.length,
  };
}

/** `n` payments delivered all at once to one campaign: time until every delivery answered. */
async function settle(base, setup, cookie, campaignId, n) {
  const deliveries = Array.from({ length: n }, (_, i) => signedPayment(setup.secret, campaignId, amountFor(i)));
  const t0 = performance.now();
  const results = await Promise.all(deliveries.map((d) => post(base, d)));
  const ms = performance.now() - t0;
  const state = await settledState(base, cookie, campaignId);
  const sum = deliveries.reduce((t, d) => t + d.amountCents, 0);
  return {
    n,
    ms,
    perPayment: ms / n,
    failed: results.filter((r) => !r.ok).length,
    raisedOk: state.raised === sum,
    groupsOk: state.groups === n,
    raised: state.raised,
    sum,
    groups: state.groups,
  };
}

/** Prints the money tables (the server runs on `setup`'s state). */
export async function printMoneyFigures(base, setup) {
  const { cookie } = await signIn(base, setup.owner.email, setup.owner.password);
  const [rateCampaign, ...settleCampaigns] = setup.campaigns;

  console.log(
    `Stripe webhooks: signed checkout.session.completed deliveries to ${WEBHOOK}, ${RATE_CONCURRENCY} at a time, each a new payment`,
  );
  const rate = await webhookRate(base, setup, cookie, rateCampaign);
  console.table([
    {
      events: rate.events,
      'events/s': rate.perSecond.toFixed(1),
      p50: `${rate.p50.toFixed(1)} ms`,
      p99: `${rate.p99.toFixed(1)} ms`,
      'non-200': rate.failed,
      'credited once each (target yes)': rate.exact ? 'yes' : 'NO',
    },
  ]);

  console.log(
    'Concurrent settlement: N payments delivered at once to one campaign (target: all settled exactly once — raised = sum, one ledger group each; time growing no faster than linearly)',
  );
  const rows = [];
  for (const [i, n] of SETTLE_SIZES.entries()) rows.push(await settle(base, setup, cookie, settleCampaigns[i], n));
  console.table(
    rows.map((r) => ({
      payments: r.n,
      'total ms': r.ms.toFixed(0),
      'ms / payment': r.perPayment.toFixed(2),
      'non-200': r.failed,
      'raised = sum': r.raisedOk ? 'yes' : `NO (${r.raised} vs ${r.sum})`,
      'ledger groups = N': r.groupsOk ? 'yes' : `NO (${r.groups})`,
    })),
  );
  const first = rows[0];
  const last = rows.at(-1);
  if (first && last) {
    console.log(
      `ms per payment ${last.n}/${first.n}: ${(last.perPayment / first.perPayment).toFixed(2)} (about 1: time grows linearly with N; well above 1: faster than linearly)`,
    );
  }
  return { rate, settle: rows };
}

// `npm run bench:money`: only these figures, on a server and state of their own.
if (import.meta.url === `file://${process.argv[1]}`) {
  const { serve } = await import('../serve.mjs');
  const state = mkdtempSync(join(tmpdir(), 'reelfund-bench-money-'));
  let setup;
  const server = await serve({
    port: Number(process.env.BENCH_MONEY_PORT ?? 4391),
    persistTo: state,
    build: !process.argv.includes('--no-build'),
    quiet: true,
    beforeStart: async (dir) => {
      setup = await moneySetup(dir);
    },
  });
  try {
    console.log(`\nReelfund money bench — ${new Date().toISOString()} — ${server.url}\n`);
    await printMoneyFigures(server.url, setup);
  } finally {
    await server.stop();
    rmSync(state, { recursive: true, force: true });
  }
}
