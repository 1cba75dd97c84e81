// The V8 heap of the worker after a forced GC, across rounds of identical mixed load (home, a film
// page, health, search, an info page; 20 connections). Growth from round to round that survives the
// GC is memory the worker retains per request. Local only: it serves its own copy on port 4391.
//   npm run build && npm run heap:probe -- [rounds=4] [requests per round=2000]
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { workerHeap } from './bench/heap.mjs';
import { serve } from './serve.mjs';

const rounds = Number(process.argv[2] ?? 4);
const perRound = Number(process.argv[3] ?? 2000);
const port = 4391;
const inspector = 9339;
const base = `http://localhost:${port}`;
const MB = (bytes) => (bytes / 1048576).toFixed(1);

// Migrations and seed once, then the same state served with the inspector open.
const state = mkdtempSync(join(tmpdir(), 'reelfund-heap-'));
await (await serve({ port, persistTo: state, build: false, quiet: true })).stop();
const args = ['dev', '--port', String(port), '--ip', '127.0.0.1', '--persist-to', state, '--log-level', 'error'];
args.push('--inspector-port', String(inspector), '--var', `PUBLIC_URL:${base}`);
const child = spawn('wrangler', args, { stdio: 'ignore', detached: true, env: { ...process.env, CI: 'true' } });
for (let i = 0; i < 120; i++) {
  if (
    await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    )
  )
    break;
  await new Promise((r) => setTimeout(r, 1000));
}

/** The heap after a forced GC (bench/heap.mjs: the isolate runs the GC only while it serves a request). */
const heapAfterGc = async () => (await workerHeap(inspector, `${base}/__bench/bare`)).used;

const search = await (await fetch(`${base}/api/search?q=the`)).json();
const paths = ['/', `/movie/${search.hits?.[0]?.id}`, '/api/health', '/search?q=night', '/faq'];
async function load(n) {
  let next = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (next < n) {
        const res = await fetch(base + paths[next++ % paths.length], { redirect: 'manual' }).catch(() => null);
        if (!res || res.status >= 500) failed++;
        await res?.arrayBuffer();
      }
    }),
  );
  return failed;
}

try {
  await load(300);
  const start = await heapAfterGc();
  console.log(`after warm-up: ${MB(start)} MB`);
  for (let r = 1; r <= rounds; r++) {
    const failed = await load(perRound);
    const used = await heapAfterGc();
    console.log(`round ${r}: ${perRound} requests (${failed} failed), ${MB(used)} MB (+${MB(used - start)} MB)`);
  }
} finally {
  process.kill(-child.pid, 'SIGTERM');
}
