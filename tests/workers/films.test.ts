import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../functions/db/client';
import { categories, followUps, notifications, projects, videos } from '../../functions/db/schema';
import { UnitOfWork } from '../../functions/db/unit-of-work';
import { FILM_TEXT } from '../../functions/domain/films/texts';
import { TEXT } from '../../functions/domain/texts';
import { CATALOGUE_VERSION_KEY } from '../../functions/platform/catalogue-cache';
import { systemClock } from '../../functions/platform/clock';
import { silentDoorbell } from '../../functions/realtime/doorbell';
import { abortUnlessChanged, committing } from '../../functions/services/films/internal/guard';
import { notify } from '../../functions/services/notifications';
import { png } from '../support/media';
import { owesNone } from '../support/owes-none';
import { jsonInit, makeUser, type TestUser } from './factories';
import { bytesInit, type FilmView, filmDetails, makeFilm as makeFilmFor, uploadVideo } from './films-support';
import { call, env } from './worker-call';

let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let viewer: TestUser;
const CATEGORY = `cat-${crypto.randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  owner = await makeUser(['contributor'], 'film_owner');
  other = await makeUser(['contributor'], 'film_other');
  admin = await makeUser(['admin'], 'film_admin');
  viewer = await makeUser([], 'film_viewer');
  await getDb(env)
    .insert(categories)
    .values({ id: CATEGORY, name: `Category ${CATEGORY}` });
});

const makeFilm = (user: TestUser, extra: Record<string, unknown> = {}) =>
  makeFilmFor(user, { categoryId: CATEGORY, ...extra });
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;
const filmOf = async (res: Response) => ((await res.json()) as { film: FilmView }).film;
const patch = (user: TestUser | null, id: string, body: unknown) =>
  call(`/api/films/${id}`, jsonInit('PATCH', body, user?.cookie));
const approve = (user: TestUser, id: string) => call(`/api/films/${id}/approve`, jsonInit('POST', {}, user.cookie));
const reject = (user: TestUser, id: string, reason: string) =>
  call(`/api/films/${id}/reject`, jsonInit('POST', { reason }, user.cookie));
const notificationsOf = (userId: string, videoId: string) =>
  getDb(env)
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.videoId, videoId)));

describe('adding a film', () => {
  it('creates it from a finished upload, pending review, and tells the admins', async () => {
    const film = await makeFilm(owner);
    expect(film).toMatchObject({ reviewStatus: 'pending', categoryId: CATEGORY, owner: { id: owner.id } });
    expect(film.video?.type).toBe('video/webm');
    const told = await notificationsOf(admin.id, film.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 'video', actorId: owner.id });
  });

  it('attaches a poster with its size', async () => {
    const posterRes = await call('/api/uploads/posters', bytesInit('POST', png(300, 450), owner.cookie, 'image/png'));
    const { upload: poster } = (await posterRes.json()) as { upload: { id: string } };
    const film = await makeFilm(owner, { posterUploadId: poster.id });
    expect(film.poster).toMatchObject({ width: 300, height: 450 });
    const img = await call(film.poster?.url ?? '', { headers: { cookie: owner.cookie } });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
  });

  it('validates every field with a clear message', async () => {
    const video = await uploadVideo(owner);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '  ' }, FILM_TEXT.titleRequired],
      [{ title: 'x'.repeat(121) }, FILM_TEXT.titleTooLong],
      [{ description: '' }, FILM_TEXT.descriptionRequired],
      [{ year: 1800 }, FILM_TEXT.yearRange(new Date().getUTCFullYear() + 5)],
      [{ year: 'soon' }, FILM_TEXT.yearRange(new Date().getUTCFullYear() + 5)],
      [{ runtimeSeconds: 0 }, FILM_TEXT.runtimeRange],
      [{ runtimeSeconds: 36_001 }, FILM_TEXT.runtimeRange],
      [{ categoryId: undefined }, FILM_TEXT.categoryRequired],
      [{ categoryId: 'no-such-category' }, FILM_TEXT.categoryUnknown],
      [{ videoUploadId: undefined }, FILM_TEXT.videoRequired],
    ];
    for (const [change, message] of cases) {
      const body = filmDetails({ categoryId: CATEGORY, videoUploadId: video.id, ...change });
      const res = await call('/api/films', jsonInit('POST', body, owner.cookie));
      expect(res.status, JSON.stringify(change)).toBe(400);
      expect((await errorOf(res)).message, JSON.stringify(change)).toBe(message);
    }
  });

  it('takes a six-second clip and a ten-hour film, and edits a six-second one without a runtime error', async () => {
    for (const runtimeSeconds of [6, 36_000]) {
      const film = await makeFilm(owner, { runtimeSeconds });
      expect(film.runtimeSeconds).toBe(runtimeSeconds);
    }
    const clip = await makeFilm(owner, { runtimeSeconds: 6 });
    const res = await patch(owner, clip.id, { title: 'A six-second clip, renamed', runtimeSeconds: 6 });
    expect(res.status).toBe(200);
  });

  it('only from the caller’s own finished upload, used by no other film', async () => {
    const theirs = await uploadVideo(other);
    const res = await call(
      '/api/films',
      jsonInit('POST', filmDetails({ categoryId: CATEGORY, videoUploadId: theirs.id }), owner.cookie),
    );
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(FILM_TEXT.videoUploadMissing);

    const mine = await uploadVideo(owner);
    const body = filmDetails({ categoryId: CATEGORY, videoUploadId: mine.id });
    expect((await call('/api/films', jsonInit('POST', body, owner.cookie))).status).toBe(201);
    const twice = await call('/api/films', jsonInit('POST', body, owner.cookie));
    expect(twice.status).toBe(400);
    expect((await errorOf(twice)).message).toBe(FILM_TEXT.uploadInUse);
  });

  it('not a poster a project shows: one file, one owner of it (docs/catalogue.md, "Posters")', async () => {
    const { upload } = (await (
      await call('/api/uploads/posters', bytesInit('POST', png(), owner.cookie, 'image/png'))
    ).json()) as { upload: { id: string } };
    const project = await call(
      '/api/projects',
      jsonInit(
        'POST',
        {
          title: 'A project',
          logline: 'A film in the making',
          description: 'What it is about',
          stage: 'development',
          posterUploadId: upload.id,
        },
        owner.cookie,
      ),
    );
    expect(project.status, await project.clone().text()).toBe(201);
    const film = await makeFilm(owner);
    const res = await patch(owner, film.id, { posterUploadId: upload.id });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(FILM_TEXT.uploadInUse);
  });

  it('a replaced poster stays in storage while a project still shows it', async () => {
    const posterOf = async () =>
      (
        (await (await call('/api/uploads/posters', bytesInit('POST', png(), owner.cookie, 'image/png'))).json()) as {
          upload: { id: string };
        }
      ).upload.id;
    const film = await makeFilm(owner, { posterUploadId: await posterOf() });
    const db = getDb(env);
    const key = (await db.select({ key: videos.posterKey }).from(videos).where(eq(videos.id, film.id)).get())?.key;
    if (!key) throw new Error('the film has a poster');
    // A project pointing at the same file (as seeded data may): no route makes this any more (above).
    const project = await call(
      '/api/projects',
      jsonInit(
        'POST',
        { title: 'A project', logline: 'A film in the making', description: 'What it is about', stage: 'development' },
        owner.cookie,
      ),
    );
    const { id: projectId } = (await project.json()) as { id: string };
    await db.update(projects).set({ posterKey: key }).where(eq(projects.id, projectId));
    expect((await patch(owner, film.id, { posterUploadId: await posterOf() })).status).toBe(200);
    // The film's old poster is owed a delete if unused; once it has run, the project's file is still there.
    await expect
      .poll(
        async () =>
          (
            await db
              .select({ doneAt: followUps.doneAt })
              .from(followUps)
              .where(and(eq(followUps.name, 'media-delete'), sql`instr(${followUps.payload}, ${key}) > 0`))
              .get()
          )?.doneAt,
      )
      .toBeTruthy();
    expect(await env.MEDIA.head(key)).not.toBeNull();
  });
});

describe('editing a film: only its owner or an admin', () => {
  it('the owner edits it', async () => {
    const film = await makeFilm(owner);
    const res = await patch(owner, film.id, { title: 'Renamed by owner', year: 2020 });
    expect(res.status).toBe(200);
    expect(await filmOf(res)).toMatchObject({ title: 'Renamed by owner', reviewStatus: 'pending' });
  });

  it('an admin edits anyone’s film', async () => {
    const film = await makeFilm(owner);
    const res = await patch(admin, film.id, { description: 'Tidied by an admin' });
    expect(res.status).toBe(200);
    expect((await getDb(env).select().from(videos).where(eq(videos.id, film.id)).get())?.description).toBe(
      'Tidied by an admin',
    );
  });

  it('another contributor gets 404, exactly as for a film that does not exist, and changes nothing', async () => {
    const film = await makeFilm(owner);
    for (const res of [
      await patch(other, film.id, { title: 'Hijacked' }),
      await call(`/api/studio/films/${film.id}`, { headers: { cookie: other.cookie } }),
      await call(`/api/studio/films/${film.id}/video`, { headers: { cookie: other.cookie } }),
      await patch(other, 'no-such-film', { title: 'Hijacked' }),
    ]) {
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual({ code: 'not_found', message: TEXT.videoNotFound });
    }
    expect((await getDb(env).select().from(videos).where(eq(videos.id, film.id)).get())?.title).toBe(film.title);
  });

  it('anonymous callers get 401 and viewers 403', async () => {
    const film = await makeFilm(owner);
    expect((await patch(null, film.id, { title: 'x' })).status).toBe(401);
    expect((await patch(viewer, film.id, { title: 'x' })).status).toBe(403);
  });

  it('validates edits like new films', async () => {
    const film = await makeFilm(owner);
    const res = await patch(owner, film.id, { runtimeSeconds: 999_999 });
    expect(res.status).toBe(400);
    expect((await errorOf(res)).message).toBe(FILM_TEXT.runtimeRange);
    const empty = await patch(owner, film.id, {});
    expect((await errorOf(empty)).message).toBe(FILM_TEXT.nothingToUpdate);
  });

  it('gives the edit form the film and the categories; previews stream with ranges', async () => {
    const film = await makeFilm(owner);
    const res = await call(`/api/studio/films/${film.id}`, { headers: { cookie: admin.cookie } });
    const body = (await res.json()) as { film: FilmView; categories: { id: string }[] };
    expect(body.film.id).toBe(film.id);
    expect(body.categories.map((c) => c.id)).toContain(CATEGORY);

    const whole = await call(film.video?.url ?? '', { headers: { cookie: owner.cookie } });
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(4096);
    const part = await call(film.video?.url ?? '', { headers: { cookie: admin.cookie, range: 'bytes=0-3' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 0-3/4096');
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3]));
    const beyond = await call(film.video?.url ?? '', { headers: { cookie: owner.cookie, range: 'bytes=5000-' } });
    expect(beyond.status).toBe(416);
    expect(await beyond.json()).toEqual({ error: { code: 'range_not_satisfiable', message: expect.any(String) } });
  });
});

describe('video review', () => {
  it('lists films awaiting review for admins only', async () => {
    const film = await makeFilm(owner);
    const res = await call('/api/studio/review', { headers: { cookie: admin.cookie } });
    const { films } = (await res.json()) as { films: FilmView[] };
    expect(films.find((f) => f.id === film.id)).toMatchObject({ reviewStatus: 'pending' });
    expect((await call('/api/studio/review', { headers: { cookie: owner.cookie } })).status).toBe(403);
  });

  it('approve: into the catalogue, the uploader is told, the catalogue cache is invalidated', async () => {
    const film = await makeFilm(owner);
    const before = await env.KV.get(CATALOGUE_VERSION_KEY);
    const res = await approve(admin, film.id);
    expect(res.status).toBe(200);
    const approved = await filmOf(res);
    expect(approved.reviewStatus).toBe('approved');
    expect(approved.publishedAt).not.toBeNull();
    expect(await env.KV.get(CATALOGUE_VERSION_KEY)).not.toBe(before);

    const told = await notificationsOf(owner.id, film.id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ type: 'video', title: 'Your film was approved', actorId: admin.id });

    // Approving twice is a conflict, and tells nobody twice.
    const again = await approve(admin, film.id);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).message).toBe(FILM_TEXT.notAwaitingReview);
    expect(await notificationsOf(owner.id, film.id)).toHaveLength(1);
  });

  it('reject needs a reason; the owner sees it, edits and resubmits the film', async () => {
    const film = await makeFilm(owner);
    const noReason = await reject(admin, film.id, '   ');
    expect(noReason.status).toBe(400);
    expect((await errorOf(noReason)).message).toBe(FILM_TEXT.reasonRequired);

    const reason = 'The sound drops out after ten minutes.';
    expect((await reject(admin, film.id, reason)).status).toBe(200);
    const told = await notificationsOf(owner.id, film.id);
    expect(told).toHaveLength(1);
    expect(told[0]?.message).toContain(reason);

    const mine = await call('/api/studio/films', { headers: { cookie: owner.cookie } });
    const { films } = (await mine.json()) as { films: FilmView[] };
    expect(films.find((f) => f.id === film.id)).toMatchObject({ reviewStatus: 'rejected', reviewReason: reason });

    // The owner's edit resubmits it; the admins hear of it.
    const resubmitted = await patch(owner, film.id, { description: 'Sound fixed.' });
    expect(await filmOf(resubmitted)).toMatchObject({ reviewStatus: 'pending', reviewReason: null });
    expect((await notificationsOf(admin.id, film.id)).map((n) => n.title)).toContain(
      'A film was resubmitted for review',
    );
  });

  it('an approved film: text edits keep it in the catalogue, a new video sends it back to review', async () => {
    const film = await makeFilm(owner);
    expect((await approve(admin, film.id)).status).toBe(200);
    const before = await env.KV.get(CATALOGUE_VERSION_KEY);
    await new Promise((r) => setTimeout(r, 5));
    const edited = await patch(owner, film.id, { title: 'Typo fixed' });
    expect((await filmOf(edited)).reviewStatus).toBe('approved');
    expect(await env.KV.get(CATALOGUE_VERSION_KEY)).not.toBe(before);

    const video = await uploadVideo(owner);
    const replaced = await patch(owner, film.id, { videoUploadId: video.id });
    expect((await filmOf(replaced)).reviewStatus).toBe('pending');
  });

  it('an admin takes an approved film out with a reason; the owner is told', async () => {
    const film = await makeFilm(owner);
    await approve(admin, film.id);
    const before = await env.KV.get(CATALOGUE_VERSION_KEY);
    await new Promise((r) => setTimeout(r, 5));
    const res = await reject(admin, film.id, 'Rights could not be confirmed.');
    expect((await filmOf(res)).reviewStatus).toBe('rejected');
    expect(await env.KV.get(CATALOGUE_VERSION_KEY)).not.toBe(before);
    expect((await notificationsOf(owner.id, film.id)).map((n) => n.title)).toContain(
      'Your film was taken out of the catalogue',
    );
  });

  it('only admins review; a creator cannot approve their own film', async () => {
    const film = await makeFilm(owner);
    expect((await approve(owner, film.id)).status).toBe(403);
    expect((await reject(owner, film.id, 'no')).status).toBe(403);
  });
});

describe('a state change and its notification are one write', () => {
  it('when the conditional update changes no row, the notification is not written either', async () => {
    const film = await makeFilm(owner);
    const db = getDb(env);
    const uow = new UnitOfWork({ db: db, clock: systemClock, followUps: owesNone }, null);
    uow.add(
      db
        .update(videos)
        .set({ reviewStatus: 'approved' })
        .where(and(eq(videos.id, film.id), eq(videos.reviewStatus, 'rejected'))),
      abortUnlessChanged(db),
    );
    notify(uow, silentDoorbell, {
      userId: owner.id,
      type: 'video',
      title: 'never',
      message: 'never',
      videoId: film.id,
    });
    await expect(committing(() => uow.commit(), 'conflict!')).rejects.toThrow('conflict!');
    expect((await notificationsOf(owner.id, film.id)).map((n) => n.title)).not.toContain('never');
  });
});
