import { gt, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { getDb } from '../../../functions/db/client';
import { auditLog, followUps } from '../../../functions/db/schema';
import { DomainError } from '../../../functions/domain/errors';
import { STATUS } from '../../../functions/http/errors';
import type { Deps } from '../../../functions/platform/deps';
import { WRITE_VERBS } from '../../support/write-verbs';
import { env, testDeps } from '../worker-call';

/**
 * One write verb's scenario: `setup` makes what it acts on, `run` calls the verb directly — as a
 * page, the hourly job or another verb would, with no route in front — and `route`, where the verb
 * has one, does the same through HTTP. `refuse` calls it as someone it must refuse (a real actor
 * with no right to this thing, past the first authorization), which must write no audit row and
 * owe nothing.
 */
export interface Scenario<F> {
  setup(): Promise<F>;
  run(s: Deps, f: F): Promise<unknown>;
  route?(f: F): Promise<Response>;
  refuse?(s: Deps, f: F): Promise<unknown>;
}

const db = () => getDb(env);

/** The newest rowids of the audit and follow-up tables: what a call writes comes after them. */
async function mark() {
  const [[a], [f]] = await db().batch([
    db().select({ n: sql<number>`coalesce(max(rowid), 0)` }).from(auditLog),
    db().select({ n: sql<number>`coalesce(max(rowid), 0)` }).from(followUps),
  ]);
  return { audit: a?.n ?? 0, followUps: f?.n ?? 0 };
}

/**
 * What a call wrote in the audit and follow-up tables, its own only: the rows the follow-ups it
 * owed wrote in turn (as the platform's 'follow-up' job) are theirs, and so are those of the events
 * Stripe (TEST mode's responder) sent our webhook about what the call asked of it.
 */
const others = new Set(['follow-up', 'webhook']);
async function writtenSince(m: Awaited<ReturnType<typeof mark>>, verb: string) {
  const [audit, owed] = await db().batch([
    db().select().from(auditLog).where(gt(sql`rowid`, m.audit)).orderBy(sql`rowid`),
    db().select().from(followUps).where(gt(sql`rowid`, m.followUps)).orderBy(sql`rowid`),
  ]);
  return {
    audit: audit.filter((r) => !(r.actorKind === 'system' && others.has(r.actorId ?? '') && r.verb !== verb)),
    owed: owed.filter((r) => !others.has(r.owedBy ?? '') || (r.owedBy === 'webhook' && verb === 'receiveStripeEvent')),
  };
}

const names = (rows: { name: string }[]) => [...new Set(rows.map((r) => r.name))].sort();

/** The table's row for `key`, which must be a write. */
function rowOf(key: string) {
  const row = WRITE_VERBS[key];
  if (!row || row === 'read') throw new Error(`${key} is not a write verb in tests/support/write-verbs.ts`);
  return { ...row, verb: row.auditedAs ?? (key.split('#')[1] as string) };
}

async function expectAsTable(key: string, call: () => Promise<unknown>) {
  const row = rowOf(key);
  const before = await mark();
  await call();
  const { audit, owed } = await writtenSince(before, row.verb);
  expect(names(owed), `${key}: the follow-ups it owes`).toEqual([...row.owes].sort());
  expect(audit.length > 0, `${key}: audits`).toBe(row.audits);
  for (const a of audit) {
    if (row.alsoAudited?.includes(a.verb)) continue;
    expect(a.verb, `${key}: the audit row names the verb`).toBe(row.verb);
    expect(a.summary.length, `${key}: a one-line summary`).toBeGreaterThan(0);
    expect(a.resourceId.length).toBeGreaterThan(0);
  }
  // Each follow-up it owed ran right after the commit.
  expect(owed.filter((f) => f.doneAt === null).map((f) => `${f.name}: ${f.lastError}`)).toEqual([]);
}

/** Registers the tests of one write verb's scenario. */
export function scenario<F>(key: string, s: Scenario<F>) {
  it(`${key}: called directly, audits and owes what the table says`, async () => {
    const f = await s.setup();
    await expectAsTable(key, () => s.run(testDeps(), f));
  });
  if (s.route) {
    const route = s.route;
    it(`${key}: through its route, the same`, async () => {
      const f = await s.setup();
      await expectAsTable(key, async () => {
        const res = await route(f);
        expect(res.status, await res.clone().text()).toBeLessThan(300);
      });
    });
  }
  if (s.refuse) {
    const refuse = s.refuse;
    it(`${key}: refused, writes no audit row and owes nothing`, async () => {
      const f = await s.setup();
      const before = await mark();
      const err = await refuse(testDeps(), f).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, `${key}: the refused call`).toBeInstanceOf(DomainError);
      expect(STATUS[(err as DomainError).code]).toBeGreaterThanOrEqual(400);
      expect(STATUS[(err as DomainError).code]).toBeLessThan(500);
      expect(await writtenSince(before, rowOf(key).verb)).toEqual({ audit: [], owed: [] });
    });
  }
}
