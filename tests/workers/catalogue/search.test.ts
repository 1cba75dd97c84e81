import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../functions/db/client';
import { categories, profiles, videos } from '../../../functions/db/schema';
import { runScheduled } from '../../../functions/scheduled';
import type { SearchResult } from '../../../functions/services/catalogue';
import { DESCRIPTION_CANDIDATES, SEARCH_PAGE_SIZE } from '../../../functions/services/catalogue/internal/search-query';
import { jsonInit, makeUser, type TestUser, uid } from '../factories';
import { call, env } from '../worker-call';
import { filmCall, makeCategory, makeFilm, reviewAs } from './factories';

let owner: TestUser;
beforeAll(async () => {
  owner = await makeUser(['contributor'], 'owner');
});

const word = () => `zq${uid().replace(/\d/g, 'x')}`;
const search = async (q: string, page?: number) => {
  const params = new URLSearchParams({ q, ...(page ? { page: String(page) } : {}) });
  const res = await call(`/api/search?${params}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SearchResult;
};
const ids = (r: SearchResult) => r.hits.map((h) => h.id);

// Films are made through the API (uploads, submission, review): a few seconds each under load.
describe('search ranking', { timeout: 60_000 }, () => {
  it('ranks a title hit above a description hit, and highlights the matches', async () => {
    const w = word();
    const inDescription = await makeFilm(owner, {
      title: `Quiet ${uid()}`,
      description: `A story about ${w} and more.`,
    });
    const inTitle = await makeFilm(owner, { title: `The ${w} Affair`, description: 'Nothing to see.' });
    const result = await search(w);
    expect(ids(result)).toEqual([inTitle.id, inDescription.id]);
    expect(result.hits[0]?.titleHighlighted).toContainEqual({ text: w, hit: true });
    expect(result.hits[1]?.descriptionHighlighted).toContainEqual({ text: w, hit: true });
  });

  it("finds films by category and by their creator's name, and by a word's beginning", async () => {
    const cat = await makeCategory(`Genre ${word()}`);
    const film = await makeFilm(owner, { categoryId: cat.id });
    expect(ids(await search(cat.name))).toContain(film.id);
    expect(ids(await search(owner.username))).toContain(film.id);
    const w = word();
    const prefixed = await makeFilm(owner, { title: `${w}ville` });
    expect(ids(await search(w))).toEqual([prefixed.id]);
  });

  it('trims the query; empty or blank text finds nothing; FTS syntax in the text is inert', async () => {
    const w = word();
    const film = await makeFilm(owner, { title: `Trim ${w}` });
    expect(ids(await search(`   ${w}   `))).toEqual([film.id]);
    expect(await search(`   ${w}   `)).toMatchObject({ query: w });
    expect((await search('')).hits).toEqual([]);
    expect((await search('    ')).hits).toEqual([]);
    expect((await search(`${w} OR "`)).hits.length).toBeLessThanOrEqual(1);
    expect((await search('NEAR( * : ^')).hits).toEqual([]);
  });

  it('pages the results in a stable order', async () => {
    const w = word();
    await Promise.all(Array.from({ length: 22 }, (_, i) => makeFilm(owner, { title: `${w} ${i}` })));
    const first = await search(w, 1);
    const second = await search(w, 2);
    expect(first.hits).toHaveLength(20);
    expect(first.hasMore).toBe(true);
    expect(second.hits).toHaveLength(2);
    expect(second.hasMore).toBe(false);
    expect(new Set([...ids(first), ...ids(second)]).size).toBe(22);
  });
});

/** Every page of a search, in order, until the last one says there is no more. */
const allPages = async (q: string) => {
  const found: string[] = [];
  for (let page = 1; ; page++) {
    const r = await search(q, page);
    expect(r.hits.length).toBeLessThanOrEqual(SEARCH_PAGE_SIZE);
    found.push(...ids(r));
    if (!r.hasMore) return found;
  }
};

// Title, category and creators' matches first by bm25; then the newest DESCRIPTION_CANDIDATES films
// found with a description's help, by bm25; then the older ones, newest first (docs/performance.md,
// "Search ranks a bounded candidate set").
describe('search ranks a bounded candidate set', { timeout: 120_000 }, () => {
  it('ranks a title hit above a description that repeats the word, whatever bm25 says of their lengths', async () => {
    // bm25 weighs a hit by its row's length against the average row: many short films make the title
    // film's long description weigh its title hit down, and on bm25 alone the film whose description
    // is the word 300 times over came first.
    const w = word();
    const cat = await makeCategory();
    const short = Array.from({ length: 100 }, () => ({
      id: crypto.randomUUID(),
      title: `Short ${uid()}`,
      description: 'A short film.',
      categoryId: cat.id,
      contributorId: owner.id,
      reviewStatus: 'approved' as const,
    }));
    for (let i = 0; i < short.length; i += 10)
      await getDb(env)
        .insert(videos)
        .values(short.slice(i, i + 10));
    const repeated = await makeFilm(owner, { title: `Echo ${uid()}`, description: Array(300).fill(w).join(' ') });
    const inTitle = await makeFilm(owner, {
      title: `The Long and Winding ${w} Affair of Many Words`,
      description: Array(1600).fill('la').join(' '),
    });
    const result = await search(w);
    expect(ids(result)).toEqual([inTitle.id, repeated.id]);
    expect(result.hits[0]?.titleHighlighted).toContainEqual({ text: w, hit: true });
    expect(result.hits[1]?.descriptionHighlighted).toContainEqual({ text: w, hit: true });
  });

  it('pages through more description matches than it ranks, each film exactly once, the older ones newest first', async () => {
    const w = word();
    const db = getDb(env);
    const cat = await makeCategory();
    const row = (title: string, description: string) => ({
      id: crypto.randomUUID(),
      title,
      description,
      categoryId: cat.id,
      contributorId: owner.id,
      reviewStatus: 'approved' as const,
    });
    // Written straight to the table (the index's triggers index them), oldest first: 25 more than ranked.
    const described = Array.from({ length: DESCRIPTION_CANDIDATES + 25 }, (_, i) =>
      row(`Story ${uid()}`, `Film ${i} of the ${w} series.`),
    );
    for (let i = 0; i < described.length; i += 10) await db.insert(videos).values(described.slice(i, i + 10));
    const titled = row(`${w} Begins`, 'Nothing to see.');
    await db.insert(videos).values(titled);

    const found = await allPages(w);
    expect(found).toHaveLength(described.length + 1);
    expect(new Set(found).size).toBe(found.length);
    // The title match first, though it was written last.
    expect(found[0]).toBe(titled.id);
    // Then the newest description matches, ranked; then the older ones, newest first.
    const newest = described.slice(-DESCRIPTION_CANDIDATES).map((f) => f.id);
    expect(new Set(found.slice(1, 1 + DESCRIPTION_CANDIDATES))).toEqual(new Set(newest));
    const older = described
      .slice(0, -DESCRIPTION_CANDIDATES)
      .map((f) => f.id)
      .reverse();
    expect(found.slice(1 + DESCRIPTION_CANDIDATES)).toEqual(older);
  });
});

describe('search stays in sync with the catalogue', { timeout: 60_000 }, () => {
  it('follows title edits, review changes, category and creator renames', async () => {
    const [before, after] = [word(), word()];
    const film = await makeFilm(owner, { title: `Sync ${before}` });
    expect(ids(await search(before))).toEqual([film.id]);

    await filmCall(`/api/films/${film.id}`, 'PATCH', { title: `Sync ${after}` }, owner);
    expect(ids(await search(before))).toEqual([]);
    expect(ids(await search(after))).toEqual([film.id]);

    await reviewAs(film.id, 'reject');
    expect(ids(await search(after))).toEqual([]);
    await reviewAs(film.id, 'approve');
    expect(ids(await search(after))).toEqual([film.id]);

    const cat = await makeCategory();
    await filmCall(`/api/films/${film.id}`, 'PATCH', { categoryId: cat.id }, owner);
    const renamed = `Genre${word()}`;
    await getDb(env).update(categories).set({ name: renamed }).where(eq(categories.id, cat.id));
    expect(ids(await search(renamed))).toEqual([film.id]);

    const creator = await makeUser(['contributor']);
    const theirs = await makeFilm(creator);
    const newName = `maker_${word()}`;
    await getDb(env).update(profiles).set({ username: newName }).where(eq(profiles.userId, creator.id));
    expect(ids(await search(newName))).toEqual([theirs.id]);
  });
});

describe("search finds a film by its campaign's team", { timeout: 60_000 }, () => {
  const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  const api = async <T>(method: string, path: string, cookie: string, body?: unknown) => {
    const res = await call(path, jsonInit(method, body, cookie));
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  };

  it('once a member approved their share; not after a reset, a removal or the campaign deletion; under a new name', async () => {
    const w = word();
    const film = await makeFilm(owner, { title: `Team ${w}` });
    const [member, other] = [await makeUser([], 'crew'), await makeUser([], 'crew')];
    const created = await api<{ campaign: { campaign: { id: string } } }>('POST', '/api/campaigns', owner.cookie, {
      movieId: film.id,
      title: 'Team campaign',
      goalAmount: 200_000,
      endDate: inDays(10),
    });
    const campaign = created.campaign.campaign;
    const members = `/api/campaigns/${campaign.id}/members`;
    const { member: row } = await api<{ member: { id: string } }>('POST', members, owner.cookie, {
      userId: member.id,
      role: 'Composer',
    });
    // Invited is not on the team yet.
    expect(ids(await search(member.username))).toEqual([]);
    await api('POST', `/api/campaigns/${campaign.id}/invitation/accept`, member.cookie, {});
    expect(ids(await search(member.username))).toEqual([film.id]);
    // The owner is still found with them.
    expect(ids(await search(`${w} ${owner.username} ${member.username}`))).toEqual([film.id]);

    // Adding someone resets every approval: off the team until they approve again.
    await api('POST', members, owner.cookie, { userId: other.id });
    expect(ids(await search(member.username))).toEqual([]);
    await api('POST', `/api/campaigns/${campaign.id}/invitation/accept`, member.cookie, {});
    await api('POST', `/api/campaigns/${campaign.id}/invitation/accept`, other.cookie, {});
    expect(ids(await search(member.username))).toEqual([film.id]);

    const renamed = `crew_${word()}`;
    await api('PATCH', '/api/account/profile', member.cookie, { username: renamed });
    expect(ids(await search(renamed))).toEqual([film.id]);
    expect(ids(await search(member.username))).toEqual([]);

    // A removal is a team change too: the one left approves again.
    await api('DELETE', `${members}/${row.id}`, owner.cookie);
    expect(ids(await search(renamed))).toEqual([]);
    expect(ids(await search(other.username))).toEqual([]);
    await api('POST', `/api/campaigns/${campaign.id}/invitation/accept`, other.cookie, {});
    expect(ids(await search(other.username))).toEqual([film.id]);

    await api('DELETE', `/api/campaigns/${campaign.id}`, owner.cookie);
    expect(ids(await search(other.username))).toEqual([]);
    expect(ids(await search(`${w} ${owner.username}`))).toEqual([film.id]);
  });
});

describe("the hourly job keeps search's index merged", { timeout: 60_000 }, () => {
  // Each film's write adds a segment to the FTS5 index and every query reads each one; the job merges
  // them back into one (functions/db/search-index.ts, docs/performance.md "Search").
  const segments = async () =>
    Number(
      (await getDb(env).all<{ n: number }>(sql`SELECT count(DISTINCT segid) AS n FROM videos_fts_idx`))[0]?.n ?? 0,
    );

  it('merges the segments the films wrote into one, and search finds the same films in the same order', async () => {
    const w = word();
    const inDescription = await makeFilm(owner, { title: `Merge ${uid()}`, description: `A tale of ${w}.` });
    const inTitle = await makeFilm(owner, { title: `${w} Returns` });
    const before = await search(w);
    expect(ids(before)).toEqual([inTitle.id, inDescription.id]);
    expect(await segments()).toBeGreaterThan(1);

    const hourly = await runScheduled({ cron: '0 * * * *' }, env);
    expect(hourly.searchIndex).toMatchObject({ segments: 1 });
    expect(await segments()).toBe(1);
    expect(await search(w)).toEqual(before);
    // A film written after the merge is found too.
    const after = await makeFilm(owner, { title: `${w} Again` });
    expect(ids(await search(w))).toEqual(expect.arrayContaining([inTitle.id, inDescription.id, after.id]));
  });
});
