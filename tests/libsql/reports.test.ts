import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../functions/auth/viewer';
import { auditLog, notifications, profiles, reports, user } from '../../functions/db/schema';
import { DomainError } from '../../functions/domain/errors';
import { browseListings, getListing, postListing } from '../../functions/services/marketplace';
import { dismissReports, hideReportedItem, listReports, submitReport } from '../../functions/services/reports';
import { createLibsqlDb, libsqlDeps } from '../support/libsql';

/** Reports on the production driver: the one-open insert, the grouped list, dismissing and hiding. */
let ctx: Awaited<ReturnType<typeof createLibsqlDb>>;
const deps = () => libsqlDeps(ctx.db);
const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 8);
let author: Viewer;
let reporter: Viewer;
let admin: Viewer;

async function person(prefix: string, roles: Viewer['roles'] = ['viewer']): Promise<Viewer> {
  const id = crypto.randomUUID();
  const name = `${prefix}_${uid()}`;
  await ctx.db
    .insert(user)
    .values({ id, name, email: `${name}@example.test`, createdAt: new Date(), updatedAt: new Date() });
  await ctx.db.insert(profiles).values({ userId: id, username: name });
  return { userId: id, email: `${name}@example.test`, username: name, avatarUrl: null, roles, sessionExpiresAt: '' };
}

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e) => (e instanceof DomainError ? e.code : String(e)),
  );

async function listing(title: string) {
  const { id } = await postListing(deps(), author, {
    kind: 'offering',
    role: 'editor',
    title,
    description: 'Cuts films',
    pay: 'paid',
  });
  return id;
}

beforeAll(async () => {
  ctx = await createLibsqlDb();
  author = await person('author');
  reporter = await person('reporter');
  admin = await person('admin', ['viewer', 'admin']);
});
afterAll(() => ctx.close());

describe('reports on libSQL', () => {
  it('keeps one open report per person and item, also for two at once', async () => {
    const id = await listing(`Race ${uid()}`);
    const results = await Promise.all([
      code(submitReport(deps(), reporter, { kind: 'listing', itemId: id, reason: 'spam' })),
      code(submitReport(deps(), reporter, { kind: 'listing', itemId: id, reason: 'abuse' })),
    ]);
    expect(results.sort()).toEqual(['conflict', 'ok']);
    const rows = await ctx.db.select().from(reports).where(eq(reports.itemId, id));
    expect(rows).toHaveLength(1);
  });

  it('lists by item, dismisses once, and hides with the notice and audit in the same write', async () => {
    const word = `Lib${uid()}`;
    const id = await listing(`${word} cutter`);
    await submitReport(deps(), reporter, { kind: 'listing', itemId: id, reason: 'spam', note: 'Again' });
    const { groups } = await listReports(deps(), admin);
    expect(groups.find((g) => g.itemId === id)).toMatchObject({ kind: 'listing', count: 1, title: `${word} cutter` });
    expect(await dismissReports(deps(), admin, 'listing', id)).toEqual({ dismissed: 1 });
    expect(await code(dismissReports(deps(), admin, 'listing', id))).toBe('conflict');

    await submitReport(deps(), reporter, { kind: 'listing', itemId: id, reason: 'scam' });
    expect(await hideReportedItem(deps(), admin, 'listing', id, { reason: 'A scam' })).toEqual({ hidden: true });
    expect(await code(getListing(deps(), reporter, id))).toBe('not_found');
    expect((await getListing(deps(), author, id)).hidden).toBe(true);
    expect((await browseListings(deps(), reporter, { q: word })).listings).toEqual([]);
    const notes = await ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.userId), eq(notifications.topic, 'hidden-listing')));
    expect(notes).toHaveLength(1);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.resourceId, id));
    expect(audit.map((a) => a.verb).sort()).toEqual(['dismissReports', 'hideReportedItem', 'postListing']);
  });
});
