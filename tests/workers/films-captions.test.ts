import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../functions/db/client';
import { categories, videos } from '../../functions/db/schema';
import { FILM_MSG } from '../../functions/domain/films/messages';
import { CAPTIONS_MAX_BYTES } from '../../functions/shared/films/captions';
import { jsonInit, makeUser, type TestUser } from './factories';
import { type FilmView, filmDetails, makeFilm as makeFilmFor, uploadVideo } from './films-support';
import { call, env } from './worker-call';

let owner: TestUser;
let admin: TestUser;
let viewer: TestUser;
const CATEGORY = `cat-${crypto.randomUUID().slice(0, 8)}`;
const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello there.\n';
const OTHER_TEXT = 'WEBVTT - second take\n\n00:00:01.000 --> 00:00:03.000\nHello again.\n';
/** With a byte-order mark, which is allowed (and which Response.text() drops again). */
const OTHER_VTT = `\uFEFF${OTHER_TEXT}`;

beforeAll(async () => {
  owner = await makeUser(['contributor'], 'cap_owner');
  admin = await makeUser(['admin'], 'cap_admin');
  viewer = await makeUser([], 'cap_viewer');
  await getDb(env)
    .insert(categories)
    .values({ id: CATEGORY, name: `Category ${CATEGORY}` });
});

type FilmWithCaptions = FilmView & { captions: { url: string } | null };
const makeFilm = async (extra: Record<string, unknown> = {}) =>
  (await makeFilmFor(owner, { categoryId: CATEGORY, ...extra })) as FilmWithCaptions;
const captionsOf = (id: string, who: TestUser) =>
  call(`/api/media/captions/${id}`, { headers: { cookie: who.cookie } });
const captionsKey = async (id: string) =>
  (await getDb(env).select({ key: videos.captionsKey }).from(videos).where(eq(videos.id, id)).get())?.key ?? null;
const patch = (id: string, body: unknown, who = owner) => call(`/api/films/${id}`, jsonInit('PATCH', body, who.cookie));
const errorOf = async (res: Response) => ((await res.json()) as { error: { code: string; message: string } }).error;

describe('captions sent with a film', { timeout: 30_000 }, () => {
  it('are stored with a new film and served by the player’s route: to the owner at once, to viewers once approved', async () => {
    const film = await makeFilm({ captions: VTT });
    expect(film.captions?.url).toMatch(new RegExp(`^/api/media/captions/${film.id}`));
    const mine = await captionsOf(film.id, owner);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(await mine.text()).toBe(VTT);
    expect((await captionsOf(film.id, viewer)).status).toBe(404);

    expect((await call(`/api/films/${film.id}/approve`, jsonInit('POST', {}, admin.cookie))).status).toBe(200);
    const theirs = await captionsOf(film.id, viewer);
    expect(theirs.status).toBe(200);
    expect(await theirs.text()).toBe(VTT);
  });

  it('are optional: a film without them has none', async () => {
    const film = await makeFilm();
    expect(film.captions).toBeNull();
    expect((await captionsOf(film.id, owner)).status).toBe(404);
  });

  it('are refused unless they are a WebVTT file within the size limit, and nothing is written', async () => {
    const video = await uploadVideo(owner);
    for (const [captions, message] of [
      ['1\n00:00:00,000 --> 00:00:02,000\nAn SRT file\n', FILM_MSG.captionsNotVtt],
      ['WEBVTTX\n', FILM_MSG.captionsNotVtt],
      [`WEBVTT\n\n${'é'.repeat(CAPTIONS_MAX_BYTES / 2)}`, FILM_MSG.captionsTooLarge(CAPTIONS_MAX_BYTES)],
    ] as const) {
      const res = await call(
        '/api/films',
        jsonInit('POST', filmDetails({ categoryId: CATEGORY, videoUploadId: video.id, captions }), owner.cookie),
      );
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toMatchObject({ code: 'validation_failed', message });
    }
    // The upload is still free: no film was written.
    const res = await call(
      '/api/films',
      jsonInit('POST', filmDetails({ categoryId: CATEGORY, videoUploadId: video.id }), owner.cookie),
    );
    expect(res.status).toBe(201);
  });

  it('are replaced by an edit (the old file deleted) and removed with null', async () => {
    const film = await makeFilm({ captions: VTT });
    const first = await captionsKey(film.id);
    expect(first).not.toBeNull();

    const replaced = await patch(film.id, { captions: OTHER_VTT });
    expect(replaced.status).toBe(200);
    expect(await (await captionsOf(film.id, owner)).text()).toBe(OTHER_TEXT);
    const second = await captionsKey(film.id);
    expect(second).not.toBe(first);
    expect(await env.MEDIA.head(first as string)).toBeNull();

    const removed = await patch(film.id, { captions: null });
    expect(((await removed.json()) as { film: FilmWithCaptions }).film.captions).toBeNull();
    expect((await captionsOf(film.id, owner)).status).toBe(404);
    expect(await env.MEDIA.head(second as string)).toBeNull();
  });

  it('an edit of an approved film’s captions keeps it in the catalogue; another creator cannot touch them', async () => {
    const film = await makeFilm({ captions: VTT });
    await call(`/api/films/${film.id}/approve`, jsonInit('POST', {}, admin.cookie));
    const other = await makeUser(['contributor'], 'cap_other');
    expect((await patch(film.id, { captions: OTHER_VTT }, other)).status).toBe(404);
    expect(await (await captionsOf(film.id, viewer)).text()).toBe(VTT);

    const res = await patch(film.id, { captions: OTHER_VTT });
    expect(((await res.json()) as { film: FilmView }).film.reviewStatus).toBe('approved');
    expect(await (await captionsOf(film.id, viewer)).text()).toBe(OTHER_TEXT);
  });
});
