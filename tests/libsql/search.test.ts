import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, profiles, user, videos } from '../../functions/db/schema';
import { catalogueContext } from '../../functions/services/catalogue/context';
import type { SearchResult } from '../../functions/services/catalogue/search';
import { createFilm } from '../../functions/services/films/seeding/create';
import { reviewFilm } from '../../functions/services/films/seeding/review';
import { updateFilm } from '../../functions/services/films/seeding/update';
import { createLibsqlApp, createLibsqlDb } from '../support/libsql';

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
const films = () => catalogueContext(ctx.db, undefined);

async function makeUser(username = `maker_${uid()}`) {
  const id = crypto.randomUUID();
  const now = new Date();
  await ctx.db.insert(user).values({ id, name: username, email: `${id}@example.test`, createdAt: now, updatedAt: now });
  await ctx.db.insert(profiles).values({ userId: id, username });
  return { userId: id, username };
}

let owner: Awaited<ReturnType<typeof makeUser>>;
let admin: Awaited<ReturnType<typeof makeUser>>;
beforeAll(async () => {
  owner = await makeUser();
  admin = await makeUser();
});

async function makeFilm(fields: { title: string; description?: string; categoryId?: string }) {
  const film = await createFilm(films(), { userId: owner.userId, roles: ['contributor'] }, fields);
  if (!film) throw new Error('not created');
  await reviewFilm(films(), { userId: admin.userId, roles: ['admin'] }, film.id, 'approved');
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
    expect(await search(owner.username)).toEqual(expect.arrayContaining([inTitle.id, inDescription.id]));
    expect(await search('   ')).toEqual([]);
  });

  it('stays in sync through edits, review changes, renames and deletes', async () => {
    const [a, b] = [word(), word()];
    const film = await makeFilm({ title: `Sync ${a}` });
    await updateFilm(films(), { userId: owner.userId, roles: ['contributor'] }, film.id, { title: `Sync ${b}` });
    expect(await search(a)).toEqual([]);
    expect(await search(b)).toEqual([film.id]);

    await reviewFilm(films(), { userId: admin.userId, roles: ['admin'] }, film.id, 'rejected');
    expect(await search(b)).toEqual([]);
    await reviewFilm(films(), { userId: admin.userId, roles: ['admin'] }, film.id, 'approved');
    expect(await search(b)).toEqual([film.id]);

    const renamed = `maker_${word()}`;
    await ctx.db.update(profiles).set({ username: renamed }).where(eq(profiles.userId, owner.userId));
    expect(await search(renamed)).toContain(film.id);
    owner.username = renamed;

    await ctx.db.delete(videos).where(eq(videos.id, film.id));
    expect(await search(b)).toEqual([]);
  });
});
