import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../functions/db/client';
import { getDb } from '../../../functions/db/client';
import { videos } from '../../../functions/db/schema';
import { CATALOGUE_VERSION_KEY } from '../../../functions/platform/catalogue-cache';
import { getCreator, getFilm, loadHome } from '../../../functions/services/catalogue';
import { ANYONE } from '../../support/actors';
import { png } from '../../support/media';
import { jsonInit, makeUser, ORIGIN, type TestUser, uid } from '../factories';
import { call, env, testDeps } from '../worker-call';
import { ctx, filmCall, makeFilm } from './factories';

let owner: TestUser;
beforeAll(async () => {
  owner = await makeUser(['contributor'], 'owner');
});

/** A database that fails the test if anything queries it. */
const noDatabase = new Proxy({} as Db, {
  get(_, prop) {
    throw new Error(`the database was queried (${String(prop)})`);
  },
});
const cacheOnly = () => testDeps({ db: noDatabase });

describe('the catalogue cache', { timeout: 30_000 }, () => {
  it('serves a repeated read from KV without a database query', async () => {
    const film = await makeFilm(owner);
    const first = await getFilm(ctx(), ANYONE, film.id);
    expect(first?.title).toBe(film.title);
    await expect(getFilm(cacheOnly(), ANYONE, film.id)).resolves.toEqual(first);
    await loadHome(ctx(), ANYONE);
    const home = await loadHome(cacheOnly(), ANYONE);
    expect(home.newest.map((f) => f.id)).toContain(film.id);
  });

  it('keeps serving the cached value until a film changes through the service, then shows the change', async () => {
    const film = await makeFilm(owner);
    await getFilm(ctx(), ANYONE, film.id);
    await loadHome(ctx(), ANYONE);
    // A write behind the verbs' back is not seen: the read is the cached one.
    await getDb(env).update(videos).set({ title: 'Changed behind the back' }).where(eq(videos.id, film.id));
    expect((await getFilm(ctx(), ANYONE, film.id))?.title).toBe(film.title);

    const title = `Renamed ${uid()}`;
    await filmCall(`/api/films/${film.id}`, 'PATCH', { title }, owner);
    expect((await getFilm(ctx(), ANYONE, film.id))?.title).toBe(title);
    expect((await loadHome(ctx(), ANYONE)).newest.find((f) => f.id === film.id)?.title).toBe(title);
    // And the new version needed the database once, then it is cached again.
    await expect(getFilm(cacheOnly(), ANYONE, film.id)).resolves.toMatchObject({ title });
  });

  it('does not cache a miss, so a film created later shows at once', async () => {
    const id = crypto.randomUUID();
    expect(await getFilm(ctx(), ANYONE, id)).toBeNull();
    await expect(getFilm(cacheOnly(), ANYONE, id)).rejects.toThrow(/database was queried/);
  });
});

describe('a profile edit and the catalogue cache', { timeout: 30_000 }, () => {
  it("shows a creator's new name and avatar at once on the film, the creator's page and the home cards", async () => {
    const creator = await makeUser(['contributor'], 'named');
    const film = await makeFilm(creator);
    // Cached under the old name first.
    expect((await getFilm(ctx(), ANYONE, film.id))?.creatorName).toBe(creator.username);
    expect((await getCreator(ctx(), ANYONE, creator.id))?.username).toBe(creator.username);
    expect((await loadHome(ctx(), ANYONE)).newest.find((f) => f.id === film.id)?.creatorName).toBe(creator.username);

    const username = `renamed_${uid()}`;
    const res = await call('/api/account/profile', jsonInit('PATCH', { username }, creator.cookie));
    expect(res.status).toBe(200);
    expect((await getFilm(ctx(), ANYONE, film.id))?.creatorName).toBe(username);
    expect((await getCreator(ctx(), ANYONE, creator.id))?.username).toBe(username);
    const creatorPage = await getCreator(ctx(), ANYONE, creator.id);
    expect(creatorPage?.films.map((f) => f.creatorName)).toEqual([username]);
    expect((await loadHome(ctx(), ANYONE)).newest.find((f) => f.id === film.id)?.creatorName).toBe(username);

    const res2 = await call('/api/account/avatar', {
      method: 'PUT',
      headers: { 'content-type': 'image/png', origin: ORIGIN, cookie: creator.cookie },
      body: png(),
    });
    const { avatarUrl } = ((await res2.json()) as { profile: { avatarUrl: string } }).profile;
    expect((await getFilm(ctx(), ANYONE, film.id))?.creatorAvatarUrl).toBe(avatarUrl);
  });

  it("someone without films renames: only their own page's entry is dropped, and it shows the change at once", async () => {
    const viewer = await makeUser([], 'plain');
    expect((await getCreator(ctx(), ANYONE, viewer.id))?.username).toBe(viewer.username);
    const version = await env.KV.get(CATALOGUE_VERSION_KEY);
    const username = `plain_${uid()}`;
    const res = await call('/api/account/profile', jsonInit('PATCH', { username }, viewer.cookie));
    expect(res.status).toBe(200);
    expect(await env.KV.get(CATALOGUE_VERSION_KEY)).toBe(version);
    expect((await getCreator(ctx(), ANYONE, viewer.id))?.username).toBe(username);

    const avatar = await call('/api/account/avatar', {
      method: 'PUT',
      headers: { 'content-type': 'image/png', origin: ORIGIN, cookie: viewer.cookie },
      body: png(),
    });
    const { avatarUrl } = ((await avatar.json()) as { profile: { avatarUrl: string } }).profile;
    expect(await env.KV.get(CATALOGUE_VERSION_KEY)).toBe(version);
    expect((await getCreator(ctx(), ANYONE, viewer.id))?.avatarUrl).toBe(avatarUrl);
  });
});
