import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../../functions/db/client';
import { videoViews } from '../../../functions/db/schema';
import { jsonInit, makeUser, type TestUser } from '../factories';
import { call, env } from '../worker-call';
import { makeFilm } from './factories';

let owner: TestUser;
let film: { id: string };

beforeAll(async () => {
  owner = await makeUser(['contributor'], 'owner');
  film = await makeFilm(owner);
}, 60_000);

const save = (user: TestUser, id: string, positionSeconds: number, durationSeconds = 100) =>
  call(`/api/watch/${id}`, jsonInit('PUT', { positionSeconds, durationSeconds }, user.cookie));
const progress = async (user: TestUser, id: string) =>
  (await (await call(`/api/watch/${id}`, { headers: { cookie: user.cookie } })).json()) as {
    positionSeconds: number;
    resumeAt: number;
  };
const continuing = async (user: TestUser) =>
  (
    (await (await call('/api/watch/continue', { headers: { cookie: user.cookie } })).json()) as {
      items: { id: string; positionSeconds: number }[];
    }
  ).items;

describe('watch progress', { timeout: 30_000 }, () => {
  it('saves the position and resumes there; a finished film restarts', async () => {
    const me = await makeUser();
    expect((await progress(me, film.id)).resumeAt).toBe(0);
    expect((await save(me, film.id, 42.5)).status).toBe(200);
    expect(await progress(me, film.id)).toMatchObject({ positionSeconds: 42.5, resumeAt: 42.5 });
    await save(me, film.id, 95);
    expect(await progress(me, film.id)).toMatchObject({ positionSeconds: 95, resumeAt: 0 });
  });

  it('lists Continue watching: started, under 90 %, most recent first, only the viewer’s own', async () => {
    const me = await makeUser();
    const other = await makeUser();
    const [a, b, done] = [await makeFilm(owner), await makeFilm(owner), await makeFilm(owner)];
    await save(me, a.id, 10);
    await new Promise((r) => setTimeout(r, 5));
    await save(me, b.id, 20);
    await save(me, done.id, 91);
    await save(other, film.id, 30);
    const items = await continuing(me);
    expect(items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(items[0]?.positionSeconds).toBe(20);
    expect((await continuing(other)).map((i) => i.id)).toEqual([film.id]);
  });

  it('refuses progress on films the viewer may not watch', async () => {
    const me = await makeUser();
    const pending = await makeFilm(owner, { status: 'pending' });
    expect((await save(me, pending.id, 5)).status).toBe(404);
    expect((await save(owner, pending.id, 5)).status).toBe(200);
    expect((await save(me, film.id, -1)).status).toBe(400);
  });
});

describe('views', { timeout: 30_000 }, () => {
  it('count once per user per film per day', async () => {
    const me = await makeUser();
    const view = () => call(`/api/watch/${film.id}/view`, jsonInit('POST', undefined, me.cookie));
    expect(await (await view()).json()).toMatchObject({ counted: true });
    expect(await (await view()).json()).toMatchObject({ counted: false });
    const rows = await getDb(env)
      .select()
      .from(videoViews)
      .where(and(eq(videoViews.videoId, film.id), eq(videoViews.userId, me.id)));
    expect(rows).toHaveLength(1);
  });
});
