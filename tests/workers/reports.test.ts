import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../functions/db/client';
import { auditLog, campaigns, followUps, notifications, reports } from '../../functions/db/schema';
import { getCreator, getFilm, loadHome, searchFilms } from '../../functions/services/catalogue';
import { browseListings, openListingsOf } from '../../functions/services/marketplace';
import { projectsOf } from '../../functions/services/projects';
import type { HiddenPage, ReportGroup } from '../../functions/services/reports';
import { ANYONE } from '../support/actors';
import { makeCampaign } from './campaign-factories';
import { ctx, makeFilm } from './catalogue/factories';
import { asViewer, jsonInit, makeUser, type TestUser, uid } from './factories';
import { pay } from './insights-support';
import { call, env } from './worker-call';

/* Issue 44, item 3: reports — one open per person and item, the admins' list, dismiss, hide, and a
 * hidden item out of every surface but its owner's and the admins'. docs/reports.md. */

let admin: TestUser;
let author: TestUser;
let reporter: TestUser;
let second: TestUser;
const db = () => getDb(env);

beforeAll(async () => {
  admin = await makeUser(['admin'], 'rp_admin');
  author = await makeUser(['contributor'], 'rp_author');
  reporter = await makeUser([], 'rp_reporter');
  second = await makeUser([], 'rp_second');
});

const report = (who: TestUser, kind: string, itemId: string, reason = 'spam', note = '') =>
  call('/api/reports', jsonInit('POST', { kind, itemId, reason, note }, who.cookie));

async function listing(title = `Listing ${uid()}`) {
  const res = await call(
    '/api/marketplace',
    jsonInit(
      'POST',
      { role: 'editor', kind: 'offering', title, description: 'Cuts films', pay: 'paid' },
      author.cookie,
    ),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function groups(): Promise<ReportGroup[]> {
  const res = await call('/api/reports', { headers: { cookie: admin.cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { groups: ReportGroup[] }).groups;
}
const groupOf = async (kind: string, id: string) => (await groups()).find((g) => g.kind === kind && g.itemId === id);

const hide = (kind: string, id: string, reason = 'Breaks the house rules') =>
  call(`/api/reports/${kind}/${id}/hide`, jsonInit('POST', { reason }, admin.cookie));

const auditOf = (resourceId: string, verb: string) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resourceId, resourceId), eq(auditLog.verb, verb)));

describe('reporting an item (POST /api/reports)', () => {
  it('takes one open report per person and item, and refuses one’s own, unknown and hidden items', async () => {
    const id = await listing();
    expect((await report(reporter, 'listing', id, 'spam', 'Posted three times')).status).toBe(201);
    const again = await report(reporter, 'listing', id, 'scam');
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'You have already reported this; an admin will look at it.',
    );
    expect((await report(author, 'listing', id)).status).toBe(400);
    expect((await report(reporter, 'listing', 'no-such-listing')).status).toBe(404);
    expect((await report(reporter, 'planet', id)).status).toBe(400);
    expect((await report(reporter, 'listing', id, 'boring')).status).toBe(400);
    const anonymous = await call('/api/reports', jsonInit('POST', { kind: 'listing', itemId: id, reason: 'spam' }));
    expect(anonymous.status).toBe(401);
    const audit = await db().select().from(auditLog).where(eq(auditLog.verb, 'submitReport'));
    expect(audit.some((a) => a.summary.includes('Spam or advertising'))).toBe(true);
  });

  it('writes one row of two submissions sent at once', async () => {
    const id = await listing();
    const racer = await makeUser([], 'rp_racer');
    const statuses = (await Promise.all([report(racer, 'listing', id), report(racer, 'listing', id, 'abuse')])).map(
      (r) => r.status,
    );
    expect(statuses.sort()).toEqual([201, 409]);
    const rows = await db()
      .select()
      .from(reports)
      .where(and(eq(reports.itemId, id), eq(reports.reporterId, racer.id)));
    expect(rows).toHaveLength(1);
  });
});

describe("the admins' list and dismissing (GET /api/reports, POST …/dismiss)", () => {
  it('groups open reports by item with their count, the most recently reported item first', async () => {
    const older = await listing();
    const newer = await listing();
    await report(reporter, 'listing', older);
    await report(second, 'listing', older, 'abuse', 'Rude to applicants');
    await report(reporter, 'listing', newer);
    const list = await groups();
    const a = list.findIndex((g) => g.itemId === older);
    const b = list.findIndex((g) => g.itemId === newer);
    expect(b).toBeGreaterThanOrEqual(0);
    expect(a).toBeGreaterThan(b);
    expect(list[a]).toMatchObject({ kind: 'listing', count: 2, owner: { id: author.id }, hidden: false });
    expect(list[a]?.reports.map((r) => r.reasonLabel)).toEqual(['Harassment or hate', 'Spam or advertising']);
    expect(list[a]?.reports[0]?.note).toBe('Rude to applicants');
  });

  it('dismisses every open report on an item once, audited; the item stays; only admins may', async () => {
    const id = await listing();
    await report(reporter, 'listing', id);
    await report(second, 'listing', id);
    expect((await call(`/api/reports/listing/${id}/dismiss`, jsonInit('POST', {}, author.cookie))).status).toBe(403);
    const res = await call(`/api/reports/listing/${id}/dismiss`, jsonInit('POST', {}, admin.cookie));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ dismissed: 2 });
    expect(await groupOf('listing', id)).toBeUndefined();
    expect((await call(`/api/reports/listing/${id}/dismiss`, jsonInit('POST', {}, admin.cookie))).status).toBe(409);
    expect(await auditOf(id, 'dismissReports')).toHaveLength(1);
    expect((await call(`/api/marketplace/${id}`, { headers: { cookie: second.cookie } })).status).toBe(200);
    // A dismissed report no longer blocks a new one.
    expect((await report(reporter, 'listing', id)).status).toBe(201);
  });
});

describe('hiding a reported item', () => {
  it('a listing: 404 to others, out of the list, search and profile; its owner is told; audited', async () => {
    const word = `Hid${uid().replace(/[^a-z0-9]/gi, '')}`;
    const id = await listing(`${word} editor`);
    await report(reporter, 'listing', id);
    expect((await hide('listing', id, 'Spam')).status).toBe(200);
    expect((await hide('listing', id)).status).toBe(409);

    expect((await call(`/api/marketplace/${id}`, { headers: { cookie: second.cookie } })).status).toBe(404);
    const own = await call(`/api/marketplace/${id}`, { headers: { cookie: author.cookie } });
    expect(own.status).toBe(200);
    expect(((await own.json()) as { hidden: boolean }).hidden).toBe(true);
    expect((await call(`/api/marketplace/${id}`, { headers: { cookie: admin.cookie } })).status).toBe(200);
    const found = await browseListings(ctx(), asViewer(second, ['viewer']), { q: word });
    expect(found.listings.map((l) => l.id)).not.toContain(id);
    expect((await openListingsOf(ctx(), ANYONE, author.id)).map((l) => l.id)).not.toContain(id);
    const ask = await call(`/api/marketplace/${id}/requests`, jsonInit('POST', { message: 'Hello' }, second.cookie));
    expect(ask.status).toBe(404);
    // The report is closed as hidden, and the item is off the admins' list.
    expect(await groupOf('listing', id)).toBeUndefined();

    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.topic, 'hidden-listing')));
    expect(notice?.message).toContain('Reason: Spam');
    const mail = await db().select().from(followUps).where(eq(followUps.name, 'mail'));
    const owed = mail.filter((m) => m.key.startsWith(`item-hidden:listing:${id}:`));
    expect(owed).toHaveLength(1);
    expect(JSON.parse(owed[0]?.payload ?? '{}')).toMatchObject({ to: author.email });
    expect(owed[0]?.doneAt).not.toBeNull();
    expect((await auditOf(id, 'hideReportedItem'))[0]?.summary).toContain('after 1 reports: Spam');
  });

  it('a project: out of /projects, its search and the profile for others; its owner and admins still see it', async () => {
    const word = `Prj${uid().replace(/[^a-z0-9]/gi, '')}`;
    const posted = await call(
      '/api/projects',
      jsonInit(
        'POST',
        { title: `${word} harbour`, logline: 'A film in the making', description: 'About', stage: 'development' },
        author.cookie,
      ),
    );
    expect(posted.status).toBe(201);
    const { id } = (await posted.json()) as { id: string };
    const browse = async (who: TestUser) => {
      const res = await call(`/api/projects?q=${word}`, { headers: { cookie: who.cookie } });
      expect(res.status).toBe(200);
      return ((await res.json()) as { projects: { id: string }[] }).projects.map((p) => p.id);
    };
    expect(await browse(second)).toContain(id);
    expect((await report(author, 'project', id)).status).toBe(400);
    expect((await report(reporter, 'project', id, 'scam', 'Asks for money up front')).status).toBe(201);
    expect(await groupOf('project', id)).toMatchObject({ kind: 'project', count: 1, owner: { id: author.id } });
    expect((await hide('project', id, 'Scam')).status).toBe(200);

    expect(await browse(second)).not.toContain(id);
    expect((await call(`/api/projects/${id}`, { headers: { cookie: second.cookie } })).status).toBe(404);
    expect((await projectsOf(ctx(), ANYONE, author.id)).map((p) => p.id)).not.toContain(id);
    expect((await call(`/api/projects/${id}`, { headers: { cookie: author.cookie } })).status).toBe(200);
    expect((await call(`/api/projects/${id}`, { headers: { cookie: admin.cookie } })).status).toBe(200);
    expect((await report(second, 'project', id)).status).toBe(404);
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.topic, 'hidden-project')));
    expect(notice?.message).toContain('Reason: Scam');
    expect((await auditOf(id, 'hideReportedItem'))[0]?.resourceType).toBe('project');

    expect((await call(`/api/reports/project/${id}/unhide`, jsonInit('POST', {}, admin.cookie))).status).toBe(200);
    expect(await browse(second)).toContain(id);
  });

  it('a film: its page, search, home rows and profile drop it through the cache; its campaign leaves the lists', async () => {
    const film = await makeFilm(author, { title: `Hidden ${uid()}` });
    // Cached first, so the hide must invalidate it.
    expect(await getFilm(ctx(), ANYONE, film.id)).not.toBeNull();
    expect((await loadHome(ctx(), ANYONE)).newest.map((f) => f.id)).toContain(film.id);
    expect((await getCreator(ctx(), ANYONE, author.id))?.films.map((f) => f.id)).toContain(film.id);
    await report(reporter, 'film', film.id, 'copyright');
    expect((await hide('film', film.id, 'Not theirs to post')).status).toBe(200);

    expect(await getFilm(ctx(), ANYONE, film.id)).toBeNull();
    expect(await getFilm(ctx(), asViewer(second, ['viewer']), film.id)).toBeNull();
    expect((await getFilm(ctx(), asViewer(author, ['viewer', 'contributor']), film.id))?.reviewStatus).toBe('rejected');
    expect(await getFilm(ctx(), asViewer(admin, ['viewer', 'admin']), film.id)).not.toBeNull();
    expect((await searchFilms(ctx(), ANYONE, film.title, 1)).hits.map((f) => f.id)).not.toContain(film.id);
    expect((await loadHome(ctx(), ANYONE)).newest.map((f) => f.id)).not.toContain(film.id);
    expect((await getCreator(ctx(), ANYONE, author.id))?.films.map((f) => f.id)).not.toContain(film.id);
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, author.id),
          eq(notifications.videoId, film.id),
          eq(notifications.topic, 'hidden-film'),
        ),
      );
    expect(notice?.message).toContain('Not theirs to post');

    // Shown again by an admin: back in the catalogue.
    expect((await call(`/api/reports/film/${film.id}/unhide`, jsonInit('POST', {}, admin.cookie))).status).toBe(200);
    expect(await getFilm(ctx(), ANYONE, film.id)).not.toBeNull();
    expect(await auditOf(film.id, 'unhideItem')).toHaveLength(1);
  });

  it("a film's live campaign: what is at stake, pausing it from the report, and the campaign lists", async () => {
    const c = await makeCampaign({ status: 'live' });
    await pay(c.id, 2500, { userId: second.id });
    await report(reporter, 'film', c.movieId, 'scam', 'Nobody on the team exists');
    const group = await groupOf('film', c.movieId);
    expect(group?.stake).toEqual({
      campaignId: c.id,
      title: expect.any(String),
      status: 'live',
      escrowCents: 2500,
      backers: 1,
      canPause: true,
    });
    const live = async () =>
      ((await (await call('/api/campaigns/live')).json()) as { campaigns: { campaignId: string }[] }).campaigns.map(
        (x) => x.campaignId,
      );
    expect(await live()).toContain(c.id);
    // The campaigns' own pause, as the report's button sends it.
    expect((await call(`/api/campaigns/${c.id}/pause`, jsonInit('POST', {}, admin.cookie))).status).toBe(200);
    const row = await db().select().from(campaigns).where(eq(campaigns.id, c.id)).get();
    expect(row?.status).toBe('paused');
    expect((await groupOf('film', c.movieId))?.stake).toMatchObject({ status: 'paused', canPause: false });
    expect((await auditOf(c.id, 'pauseCampaign')).length).toBe(1);

    await call(`/api/campaigns/${c.id}/resume`, jsonInit('POST', {}, admin.cookie));
    expect((await hide('film', c.movieId)).status).toBe(200);
    expect(await live()).not.toContain(c.id);
    expect((await call(`/api/campaigns/${c.id}/funding`)).status).toBe(404);
    // Nor does it take money, from a guest or a signed-in person.
    const checkout = (init: RequestInit) => call(`/api/campaigns/${c.id}/checkout`, init);
    expect((await checkout(jsonInit('POST', { amountCents: 1000, guestEmail: 'g@example.com' }))).status).toBe(404);
    expect((await checkout(jsonInit('POST', { amountCents: 1000 }, second.cookie))).status).toBe(404);
  });

  it('a creator profile: 404 to others, shown to its owner and admins', async () => {
    const person = await makeUser(['contributor'], 'rp_person');
    expect(await getCreator(ctx(), ANYONE, person.id)).not.toBeNull();
    await report(reporter, 'profile', person.id, 'abuse');
    expect((await hide('profile', person.id, 'Impersonates another creator')).status).toBe(200);
    expect(await getCreator(ctx(), ANYONE, person.id)).toBeNull();
    expect(await getCreator(ctx(), asViewer(second, ['viewer']), person.id)).toBeNull();
    expect(await getCreator(ctx(), asViewer(person, ['viewer', 'contributor']), person.id)).not.toBeNull();
    expect(await getCreator(ctx(), asViewer(admin, ['viewer', 'admin']), person.id)).not.toBeNull();
    expect((await report(second, 'profile', person.id)).status).toBe(404);
  });

  it('hides once when two admins decide at once', async () => {
    const title = `Raced ${uid()}`;
    const id = await listing(title);
    await report(reporter, 'listing', id);
    const other = await makeUser(['admin'], 'rp_admin2');
    const both = await Promise.all([
      hide('listing', id),
      call(`/api/reports/listing/${id}/hide`, jsonInit('POST', { reason: 'Twice' }, other.cookie)),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await auditOf(id, 'hideReportedItem')).toHaveLength(1);
    const notices = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, author.id), eq(notifications.topic, 'hidden-listing')));
    expect(notices.filter((n) => n.message.includes(title))).toHaveLength(1);
  });
});

describe("the admins' Hidden list (GET /api/admin/hidden)", () => {
  const hiddenPage = async (page?: string, who: TestUser | null = admin) =>
    call(`/api/admin/hidden${page === undefined ? '' : `?page=${page}`}`, {
      headers: who ? { cookie: who.cookie } : {},
    });
  const list = async () => {
    const res = await hiddenPage();
    expect(res.status).toBe(200);
    return (await res.json()) as HiddenPage;
  };

  it('lists every kind hidden, newest first, with who, when and why; an unhidden item leaves it', async () => {
    const listingId = await listing();
    await report(reporter, 'listing', listingId, 'spam');
    await report(second, 'listing', listingId, 'scam');
    expect((await hide('listing', listingId, 'Spam')).status).toBe(200);
    const film = await makeFilm(author, { title: `Hidden list ${uid()}` });
    await report(reporter, 'film', film.id, 'copyright');
    expect((await hide('film', film.id, 'Not theirs to post')).status).toBe(200);

    const page = await list();
    const ids = page.items.map((i) => `${i.kind}:${i.itemId}`);
    // Newest hide first.
    expect(ids.indexOf(`film:${film.id}`)).toBeLessThan(ids.indexOf(`listing:${listingId}`));
    expect(ids.indexOf(`film:${film.id}`)).toBeGreaterThanOrEqual(0);
    const filmRow = page.items.find((i) => i.itemId === film.id);
    expect(filmRow).toMatchObject({
      kind: 'film',
      kindLabel: 'film',
      href: `/movie/${film.id}`,
      owner: { id: author.id },
      hiddenBy: { id: admin.id, username: expect.stringMatching(/^rp_admin/) },
      reasons: [{ reason: 'copyright', count: 1 }],
      note: 'Not theirs to post',
    });
    expect(filmRow?.hiddenAt).toBeGreaterThan(Date.now() - 60_000);
    const listingRow = page.items.find((i) => i.itemId === listingId);
    expect(listingRow?.reasons.map((r) => r.reason).sort()).toEqual(['scam', 'spam']);
    expect(listingRow?.href).toBe(`/collaborate/${listingId}`);
    expect(page).toMatchObject({ page: 1, pageSize: 20 });
    expect(page.total).toBeGreaterThanOrEqual(2);

    expect((await call(`/api/reports/listing/${listingId}/unhide`, jsonInit('POST', {}, admin.cookie))).status).toBe(
      200,
    );
    const after = await list();
    expect(after.items.map((i) => i.itemId)).not.toContain(listingId);
    expect(after.total).toBe(page.total - 1);
    expect(await auditOf(listingId, 'unhideItem')).toHaveLength(1);
  });

  it('leaves out a hidden film approved again in review, and a film rejected in review', async () => {
    const film = await makeFilm(author, { title: `Resubmitted ${uid()}` });
    await report(reporter, 'film', film.id, 'other');
    expect((await hide('film', film.id)).status).toBe(200);
    expect((await list()).items.map((i) => i.itemId)).toContain(film.id);
    // An admin's plain review: the film is no longer hidden by the report's decision.
    expect((await call(`/api/films/${film.id}/approve`, jsonInit('POST', {}, admin.cookie))).status).toBe(200);
    expect((await list()).items.map((i) => i.itemId)).not.toContain(film.id);
    // Rejected in review, not by a report's decision: not the Hidden list's to undo.
    const rejected = await call(`/api/films/${film.id}/reject`, jsonInit('POST', { reason: 'Too dark' }, admin.cookie));
    expect(rejected.status).toBe(200);
    expect((await list()).items.map((i) => i.itemId)).not.toContain(film.id);
  });

  it('is for admins only (401 signed out, 403 for others) and refuses a bad page with 400', async () => {
    expect((await hiddenPage('1', null)).status).toBe(401);
    expect((await hiddenPage('1', reporter)).status).toBe(403);
    expect((await hiddenPage('1', author)).status).toBe(403);
    for (const bad of ['0', '-1', 'two', '1.5']) expect((await hiddenPage(bad)).status).toBe(400);
    const far = await hiddenPage('9999');
    expect(far.status).toBe(200);
    expect(((await far.json()) as HiddenPage).items).toEqual([]);
  });
});
