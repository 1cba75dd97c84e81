import { beforeAll, describe, expect, it } from 'vitest';
import { jsonInit, makeUser, type TestUser } from '../factories';
import { call } from '../worker-call';
import { makeFilm } from './factories';

let owner: TestUser;
let films: { id: string; title: string }[];
let pending: { id: string };

beforeAll(async () => {
  owner = await makeUser(['contributor'], 'owner');
  films = [await makeFilm(owner), await makeFilm(owner), await makeFilm(owner)];
  pending = await makeFilm(owner, { status: 'pending' });
}, 60_000);

const list = async (user: TestUser) => {
  const res = await call('/api/my-list', { headers: { cookie: user.cookie } });
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  return ((await res.json()) as { items: { id: string; title: string }[] }).items;
};
const add = (user: TestUser, id: string) => call(`/api/my-list/${id}`, jsonInit('PUT', undefined, user.cookie));
const remove = (user: TestUser, id: string) => call(`/api/my-list/${id}`, jsonInit('DELETE', undefined, user.cookie));

describe('my list', () => {
  it('adds films newest first, keeps a repeat add idempotent, and removes', async () => {
    const me = await makeUser();
    const [a, b] = films;
    expect((await add(me, a.id)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 5));
    expect(await (await add(me, b.id)).json()).toMatchObject({ videoId: b.id, inList: true, added: true });
    expect(await (await add(me, b.id)).json()).toMatchObject({ inList: true, added: false });
    expect((await list(me)).map((i) => i.id)).toEqual([b.id, a.id]);
    expect(await (await remove(me, a.id)).json()).toMatchObject({ inList: false, removed: true });
    expect(await (await remove(me, a.id)).json()).toMatchObject({ inList: false, removed: false });
    expect((await list(me)).map((i) => i.id)).toEqual([b.id]);
  });

  it("keeps one user's rows invisible to another: B's list, B's removals and B's response never touch A's", async () => {
    const a = await makeUser();
    const b = await makeUser();
    await add(a, films[0].id);
    await add(a, films[1].id);
    await add(b, films[2].id);

    const bList = await list(b);
    expect(bList.map((i) => i.id)).toEqual([films[2].id]);
    // B removing A's entry id removes nothing of A's.
    expect(await (await remove(b, films[0].id)).json()).toMatchObject({ removed: false });
    expect((await list(a)).map((i) => i.id).sort()).toEqual([films[0].id, films[1].id].sort());
    // Nothing of A's list appears anywhere in B's responses.
    const bRaw = await (await call('/api/my-list', { headers: { cookie: b.cookie } })).text();
    expect(bRaw).not.toContain(films[0].id);
    expect(bRaw).not.toContain(films[1].id);
  });

  it('refuses films outside the catalogue and unknown ids with 404', async () => {
    const me = await makeUser();
    expect((await add(me, pending.id)).status).toBe(404);
    expect((await add(me, 'no-such-film')).status).toBe(404);
    expect(await list(me)).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await call('/api/my-list')).status).toBe(401);
    expect((await call(`/api/my-list/${films[0].id}`, jsonInit('PUT', undefined))).status).toBe(401);
  });
});
