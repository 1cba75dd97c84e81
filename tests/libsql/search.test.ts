import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../functions/auth/viewer';
import { type Db, schema } from '../../functions/db/client';
import { campaigns, categories, profiles, videos } from '../../functions/db/schema';
import { mergeSearchIndex, searchIndexSegments } from '../../functions/db/search-index';
import { updateProfile } from '../../functions/services/accounts';
import { acceptInvitation, addMember, deleteCampaign, removeMember } from '../../functions/services/campaigns';
import {
  type CampaignSearchResult,
  type SearchResult,
  searchCampaigns,
  searchFilms,
} from '../../functions/services/catalogue';
import { DESCRIPTION_CANDIDATES } from '../../functions/services/catalogue/internal/search-query';
import { approveFilm, createFilm, rejectFilm, updateFilm } from '../../functions/services/films';
import { ANYONE } from '../support/actors';
import { createLibsqlApp, createLibsqlDb, libsqlDeps } from '../support/libsql';
import { insertCampaign, insertFilm, insertFinishedVideoUpload, insertPerson } from '../support/libsql-fixtures';

/** FTS5 search and its sync triggers on the production driver (a real libSQL file). */
let ctx: Awaited<ReturnType<typeof createLibsqlDb>>;
let app: ReturnType<typeof createLibsqlApp>;
beforeAll(async () => {
  ctx = await createLibsqlDb();
  app = createLibsqlApp(ctx.db, { KV: undefined as unknown as KVNamespace });
});
afterAll(() => ctx.close());

const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 8);
const word = () => `zq${uid().replace(/\d/g, 'x')}`;
/** The film verbs on libSQL, as a Node-side caller runs them: no live pushes, no KV, no R2 (no media change here). */
const films = () => libsqlDeps(ctx.db);

let owner: Viewer;
let admin: Viewer;
/** Once a category exists a film must name one: the films that name none go here. */
const shelf = { id: 'c-shelf', name: 'Shelf' };
beforeAll(async () => {
  owner = await insertPerson(ctx.db, { prefix: 'maker', roles: ['contributor'] });
  admin = await insertPerson(ctx.db, { prefix: 'admin', roles: ['admin'] });
  await ctx.db.insert(categories).values(shelf);
});

/** A film as its creator submits it (from a finished upload), approved by the admin. */
async function makeFilm(fields: { title: string; description?: string; categoryId?: string }) {
  const film = await createFilm(films(), owner, {
    description: 'A film made for a test.',
    year: 2024,
    runtimeSeconds: 5400,
    categoryId: shelf.id,
    ...fields,
    videoUploadId: await insertFinishedVideoUpload(ctx.db, owner.userId),
  });
  await approveFilm(films(), admin, film.id);
  return film;
}

const search = async (q: string) => {
  const res = await app.request(`/api/search?${new URLSearchParams({ q })}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as SearchResult).hits.map((h) => h.id);
};

describe('search on libSQL', () => {
  it('ranks title over description, matches category and creator names, trims, and ignores empty text', async () => {
    const w = word();
    const cat = { id: `c-${uid()}`, name: `Genre ${word()}` };
    await ctx.db.insert(categories).values(cat);
    const inDescription = await makeFilm({ title: `Calm ${uid()}`, description: `All about ${w}.` });
    const inTitle = await makeFilm({ title: `${w} Rising`, categoryId: cat.id });
    expect(await search(`  ${w}  `)).toEqual([inTitle.id, inDescription.id]);
    expect(await search(cat.name)).toEqual([inTitle.id]);
    expect(await search(owner.username as string)).toEqual(expect.arrayContaining([inTitle.id, inDescription.id]));
    expect(await search('   ')).toEqual([]);
  });

  it('stays in sync through edits, review changes, renames and deletes', async () => {
    const [a, b] = [word(), word()];
    const film = await makeFilm({ title: `Sync ${a}` });
    await updateFilm(films(), owner, film.id, { title: `Sync ${b}` });
    expect(await search(a)).toEqual([]);
    expect(await search(b)).toEqual([film.id]);

    await rejectFilm(films(), admin, film.id, 'Not for the catalogue');
    expect(await search(b)).toEqual([]);
    await approveFilm(films(), admin, film.id);
    expect(await search(b)).toEqual([film.id]);

    const renamed = `maker_${word()}`;
    await ctx.db.update(profiles).set({ username: renamed }).where(eq(profiles.userId, owner.userId));
    expect(await search(renamed)).toContain(film.id);
    owner.username = renamed;

    await ctx.db.delete(videos).where(eq(videos.id, film.id));
    expect(await search(b)).toEqual([]);
  });
});

describe('search ranks a bounded candidate set on libSQL', () => {
  const page = async (q: string, n: number) =>
    (await (await app.request(`/api/search?${new URLSearchParams({ q, page: String(n) })}`)).json()) as SearchResult;

  it('a title hit above a repeated description; every description match reached once, the older ones newest first', async () => {
    const v = word();
    const row = (title: string, description: string) => ({
      id: crypto.randomUUID(),
      title,
      description,
      categoryId: shelf.id,
      contributorId: owner.userId,
      reviewStatus: 'approved' as const,
    });
    const described = Array.from({ length: DESCRIPTION_CANDIDATES + 25 }, (_, i) =>
      row(`Story ${uid()}`, `Film ${i} of the ${v} series.`),
    );
    await ctx.db.insert(videos).values(described);
    const titled = row(`${v} Begins`, 'Nothing to see.');
    await ctx.db.insert(videos).values(titled);

    // Beside those many short films, bm25 alone ranked the word 300 times over above a title hit in
    // a long film (a hit weighs less in a row longer than the average).
    const w = word();
    const repeated = await makeFilm({ title: `Echo ${uid()}`, description: Array(300).fill(w).join(' ') });
    const inTitle = await makeFilm({
      title: `The Long and Winding ${w} Affair of Many Words`,
      description: Array(1600).fill('la').join(' '),
    });
    expect(await search(w)).toEqual([inTitle.id, repeated.id]);

    const found: string[] = [];
    for (let n = 1; ; n++) {
      const r = await page(v, n);
      found.push(...r.hits.map((h) => h.id));
      if (!r.hasMore) break;
    }
    expect(found).toHaveLength(described.length + 1);
    expect(new Set(found).size).toBe(found.length);
    expect(found[0]).toBe(titled.id);
    const newest = described.slice(-DESCRIPTION_CANDIDATES).map((f) => f.id);
    expect(new Set(found.slice(1, 1 + DESCRIPTION_CANDIDATES))).toEqual(new Set(newest));
    const older = described
      .slice(0, -DESCRIPTION_CANDIDATES)
      .map((f) => f.id)
      .reverse();
    expect(found.slice(1 + DESCRIPTION_CANDIDATES)).toEqual(older);
  });
});

describe("search by a campaign's team on libSQL", () => {
  const svc = () => libsqlDeps(ctx.db);

  it('follows joins, approval resets, removals, renames and the campaign deletion', async () => {
    const w = word();
    const crewOwner = await insertPerson(ctx.db, { prefix: 'own', roles: ['contributor'] });
    const film = await insertFilm(ctx.db, crewOwner.userId, `Crew ${w}`);
    const campaign = await insertCampaign(ctx.db, { ownerId: crewOwner.userId, movieId: film });
    const [member, other] = [await insertPerson(ctx.db, { prefix: 'crew' }), await insertPerson(ctx.db)];
    const row = await addMember(svc(), crewOwner, campaign.id, { userId: member.userId });
    expect(await search(member.username as string)).toEqual([]);
    await acceptInvitation(svc(), member, campaign.id);
    expect(await search(member.username as string)).toEqual([film]);
    expect(await search(`${w} ${crewOwner.username} ${member.username}`)).toEqual([film]);

    await addMember(svc(), crewOwner, campaign.id, { userId: other.userId });
    expect(await search(member.username as string)).toEqual([]);
    await acceptInvitation(svc(), member, campaign.id);
    await acceptInvitation(svc(), other, campaign.id);
    expect(await search(member.username as string)).toEqual([film]);

    const renamed = `crew_${word()}`;
    await updateProfile(svc(), member, { username: renamed });
    expect(await search(renamed)).toEqual([film]);
    expect(await search(member.username as string)).toEqual([]);

    await removeMember(svc(), crewOwner, campaign.id, row.id);
    await acceptInvitation(svc(), other, campaign.id);
    expect(await search(renamed)).toEqual([]);
    expect(await search(other.username as string)).toEqual([film]);

    await deleteCampaign(svc(), crewOwner, campaign.id);
    expect(await search(other.username as string)).toEqual([]);
    expect(await search(`${w} ${crewOwner.username}`)).toEqual([film]);
  });

  it('indexes the teams of films that existed before the migration', async () => {
    // The migrations up to the one before search_team, then a film with an approved member, then the rest.
    const dir = mkdtempSync(join(tmpdir(), 'reelfund-search-team-'));
    const folder = join(dir, 'migrations');
    cpSync('./migrations', folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag.endsWith('_search_team'));
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    const client = createClient({ url: `file:${join(dir, 'old.db')}` });
    try {
      const libsql = drizzle(client, { schema });
      const db = libsql as unknown as Db;
      await migrate(libsql, { migrationsFolder: folder });
      const w = word();
      const filmOwner = await insertPerson(db, { prefix: 'own' });
      const member = await insertPerson(db, { prefix: 'crew' });
      // Written as the old tables have them: today's schema has columns those tables lack.
      const film = crypto.randomUUID();
      await client.execute({
        sql: "insert into videos (id, title, contributor_id, review_status) values (?, ?, ?, 'approved')",
        args: [film, `Old ${w}`, filmOwner.userId],
      });
      const campaignId = crypto.randomUUID();
      await client.execute({
        sql: `insert into campaigns (id, title, movie_id, goal_amount, initial_goal_amount, end_date, revision) values (?, 'C', ?, 500000, 500000, '2099-01-01', ?)`,
        args: [campaignId, film, crypto.randomUUID()],
      });
      await client.execute({
        sql: `insert into campaign_contributors (id, campaign_id, contributor_id, role, approved, revision) values (?, ?, ?, 'Editor', 1, ?)`,
        args: [crypto.randomUUID(), campaignId, member.userId, crypto.randomUUID()],
      });
      const before = await searchFilms(libsqlDeps(db), ANYONE, member.username);
      expect(before.hits).toEqual([]);

      writeFileSync(journalPath, JSON.stringify(journal));
      await migrate(libsql, { migrationsFolder: folder });
      expect((await searchFilms(libsqlDeps(db), ANYONE, member.username)).hits.map((h) => h.id)).toEqual([film]);
      expect((await searchFilms(libsqlDeps(db), ANYONE, `${w} ${filmOwner.username}`)).hits.map((h) => h.id)).toEqual([
        film,
      ]);
    } finally {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("search's index merge on libSQL", () => {
  it('merges the segments into one with bounded calls; search finds the same films in the same order', async () => {
    const w = word();
    const inDescription = await makeFilm({ title: `Merge ${uid()}`, description: `A tale of ${w}.` });
    const inTitle = await makeFilm({ title: `${w} Returns` });
    const page = async () =>
      (await (await app.request(`/api/search?${new URLSearchParams({ q: w })}`)).json()) as SearchResult;
    const before = await page();
    expect(before.hits.map((h) => h.id)).toEqual([inTitle.id, inDescription.id]);
    expect(await searchIndexSegments(ctx.db)).toBeGreaterThan(1);

    const merged = await mergeSearchIndex(ctx.db, { pages: 1, calls: 100 });
    expect(merged.segments).toBe(1);
    expect(merged.calls).toBeGreaterThan(0);
    expect(await searchIndexSegments(ctx.db)).toBe(1);
    expect(await mergeSearchIndex(ctx.db)).toEqual({ calls: 0, segments: 1 });
    expect(await page()).toEqual(before);
  });
});

describe('campaign search on libSQL (migration 0033)', () => {
  type WithCampaigns = SearchResult & { campaigns: CampaignSearchResult };
  const campaignsFor = async (q: string) =>
    (
      (await (await app.request(`/api/search?${new URLSearchParams({ q })}`)).json()) as WithCampaigns
    ).campaigns.hits.map((h) => h.campaignId);

  it("its triggers keep the index in step: public campaigns only, never a hidden film's", async () => {
    const w = word();
    const live = await insertCampaign(ctx.db, { title: `Open ${uid()}`, description: `Frames of ${w} by hand.` });
    const draft = await insertCampaign(ctx.db, { status: 'active', description: `Draft ${w}.` });
    await insertCampaign(ctx.db, { status: 'pending_approval', description: `Waiting ${w}.` });
    await insertCampaign(ctx.db, { status: 'rejected', description: `Refused ${w}.` });
    expect(await campaignsFor(w)).toEqual([live.id]);
    // Launched, the draft joins; its title edited, it is found by the new one; cancelled, it leaves.
    await ctx.db.update(campaigns).set({ status: 'live' }).where(eq(campaigns.id, draft.id));
    expect(await campaignsFor(w)).toEqual(expect.arrayContaining([live.id, draft.id]));
    const t = word();
    await ctx.db
      .update(campaigns)
      .set({ title: `${t} Night` })
      .where(eq(campaigns.id, draft.id));
    expect(await campaignsFor(t)).toEqual([draft.id]);
    await ctx.db.update(campaigns).set({ status: 'cancelled' }).where(eq(campaigns.id, draft.id));
    expect(await campaignsFor(w)).toEqual([live.id]);
    // The film hidden, then back; the campaign deleted.
    await ctx.db.update(videos).set({ reviewStatus: 'rejected' }).where(eq(videos.id, live.movieId));
    expect(await campaignsFor(w)).toEqual([]);
    await ctx.db.update(videos).set({ reviewStatus: 'approved' }).where(eq(videos.id, live.movieId));
    expect(await campaignsFor(w)).toEqual([live.id]);
    await ctx.db.delete(campaigns).where(eq(campaigns.id, live.id));
    expect(await campaignsFor(w)).toEqual([]);
  });

  it("rewrites a campaign's index row only when its text or being public changes (migration 0035)", async () => {
    const w = word();
    const c = await insertCampaign(ctx.db, { title: `Reel ${w}` });
    // FTS5's structure record (id 10 of its data table) changes with every write to the index.
    const structure = async () =>
      (await ctx.db.all<{ b: string }>(sql`SELECT hex(block) AS b FROM campaigns_fts_data WHERE id = 10`))[0]?.b;
    const before = await structure();
    for (const status of ['paused', 'live', 'live'] as const)
      await ctx.db.update(campaigns).set({ status }).where(eq(campaigns.id, c.id));
    expect(await structure()).toBe(before);
    expect(await campaignsFor(w)).toEqual([c.id]);
    const t = word();
    await ctx.db
      .update(campaigns)
      .set({ title: `Reel ${t}` })
      .where(eq(campaigns.id, c.id));
    expect(await structure()).not.toBe(before);
    expect(await campaignsFor(t)).toEqual([c.id]);
    expect(await campaignsFor(w)).toEqual([]);
  });

  it('indexes the public campaigns that existed before the migration', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelfund-campaign-search-'));
    const folder = join(dir, 'migrations');
    cpSync('./migrations', folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((e) => e.tag.endsWith('_campaign_search'));
    expect(at).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at) }));
    const client = createClient({ url: `file:${join(dir, 'old.db')}` });
    try {
      const libsql = drizzle(client, { schema });
      const db = libsql as unknown as Db;
      await migrate(libsql, { migrationsFolder: folder });
      const w = word();
      const live = await insertCampaign(db, { description: `Old ${w} reels.` });
      await insertCampaign(db, { status: 'active', description: `Old draft ${w}.` });
      writeFileSync(journalPath, JSON.stringify(journal));
      await migrate(libsql, { migrationsFolder: folder });
      const found = await searchCampaigns(libsqlDeps(db), ANYONE, w);
      expect(found.hits.map((h) => h.campaignId)).toEqual([live.id]);
    } finally {
      client.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
