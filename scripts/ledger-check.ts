// Proves the ledger: every group sums to zero, every group has lines that agree with it, and every
// projection (a campaign's raised amount…) equals its lines. Exit code 1 when anything is off.
//   npm run ledger:check                    the local database (what `npm start` serves)
//   DATABASE_URL=libsql://… DATABASE_AUTH_TOKEN=… npm run ledger:check    a Turso database

import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { systemActor } from '../functions/auth/system-actor';
import type { Db } from '../functions/db/client';
import { schema } from '../functions/db/client';
import { formatMoney } from '../functions/domain/money/format';
import type { Bindings } from '../functions/env';
import { createDeps } from '../functions/platform/create-deps';
import { silentDoorbell } from '../functions/realtime/doorbell';
import {
  checkLedger,
  DISPUTE_TOTAL_LABELS,
  disputeTotals,
  LEDGER_TOTAL_LABELS,
  ledgerTotals,
} from '../functions/services/ledger';
import { argValue, openPlatform } from './lib/platform';

const remote = process.env.DATABASE_URL;
const platform = remote ? null : await openPlatform(argValue('--persist-to'));
const db: Db = remote
  ? (drizzle(createClient({ url: remote, authToken: process.env.DATABASE_AUTH_TOKEN }), { schema }) as unknown as Db)
  : (platform?.db as Db);
const deps =
  platform?.deps ??
  createDeps({ ENVIRONMENT: 'local', PUBLIC_URL: 'http://localhost:4321' } as Bindings, {
    db,
    bell: silentDoorbell,
    kv: null,
    media: null,
  });
try {
  const report = await checkLedger(deps, systemActor('command'));
  console.log(`ledger: ${report.groups} groups, ${report.entries} lines`);
  // The admin overview shows these same totals from the same query (docs/admin-tools.md, "Overview").
  const totals = await ledgerTotals(db);
  for (const [key, label] of Object.entries(LEDGER_TOTAL_LABELS)) {
    const cents = totals[key as keyof typeof LEDGER_TOTAL_LABELS];
    console.log(`total ${label}: ${formatMoney(cents)} (${cents} cents)`);
  }
  // Card disputes (docs/money.md, "Disputes"), from the same projection.
  const disputes = await disputeTotals(db);
  for (const [key, label] of Object.entries(DISPUTE_TOTAL_LABELS)) {
    const cents = disputes[key as keyof typeof DISPUTE_TOTAL_LABELS];
    console.log(`${label}: ${formatMoney(cents)} (${cents} cents)`);
  }
  for (const p of report.problems) console.error(`  ✗ ${p.check}: ${p.detail}`);
  console.log(report.ok ? 'ledger: every check passed' : `ledger: ${report.problems.length} problem(s)`);
  process.exitCode = report.ok ? 0 : 1;
} catch (err) {
  const cause = err instanceof Error && err.cause instanceof Error ? ` (${err.cause.message})` : '';
  console.error('ledger:check failed:', err instanceof Error ? err.message.split('\n')[0] : err, cause);
  process.exitCode = 2;
} finally {
  await platform?.dispose();
}
