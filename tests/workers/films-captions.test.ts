import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '../../functions/db/client';
import { categories, filmCaptions } from '../../functions/db/schema';
import { CAPTIONS_MAX_BYTES, CAPTIONS_MAX_TRACKS } from '../../functions/domain/films/captions';
import { FILM_TEXT } from '../../functions/domain/films/texts';
import { getFilm } from '../../functions/services/catalogue';
import { ANYONE } from '../support/actors';
import { ctx } from './catalogue/factories';
import { jsonInit, makeUser, ORIGIN, type TestUser } from './factories';
import { type FilmView, makeFilm as makeFilmFor } from './films-support';
import { call, env } from './worker-call';

let owner: TestUser;
let admin: TestUser;
let viewer: TestUser;
const CATEGORY = `cat-${crypto.randomUUID().slice(0, 8)}`;
const VTT = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nHello there.\n';
const OTHER_TEXT = 'WEBVTT - second take\n\n00:00:01.000 --> 00:00:03.000\nHello again.\n';
/** With a byte-order mark, which is allowed (and which Response.text() drops again). */
const OTHER_VTT = `\uFEFF${OTHER_TEXT}`;
const FRENCH = 'WEBVTT\n\n00:00:00.000 --> 00:00:02.000\nBonjour.\n';

beforeAll(async () => {
  owner = await makeUser(['contributor'], 'cap_owner');
  admin = await makeUser(['admin'], 'cap_admin');
  viewer = await makeUser([], 'cap_viewer');
  await getDb(env)
    .insert(categories)
    .values({ id: CATEGORY, name: `Category ${CATEGORY}` });
});

interface Track {
  id: string;
  language: string;
  label: string;
  url: string;
}
type FilmWithCaptions = FilmView & { captions: Track[] };
type Problem = { error: { code: string; message: string } };

const makeFilm = async () => (await makeFilmFor(owner, { categoryId: CATEGORY })) as FilmWithCaptions;
const fileInit = (method: string, body: string | Uint8Array<ArrayBuffer> | undefined, who: TestUser): RequestInit => ({
  method,
  headers: { 'content-type': 'text/vtt', origin: ORIGIN, cookie: who.cookie },
  body,
});
const query = (track: Record<string, string>) => `?${new URLSearchParams(track)}`;
const add = (
  filmId: string,
  body: string | Uint8Array<ArrayBuffer>,
  track = { language: 'en', label: 'English' },
  who = owner,
) => call(`/api/films/${filmId}/captions${query(track)}`, fileInit('POST', body, who));
const replace = (
  filmId: string,
  id: string,
  body: string | undefined,
  track: Record<string, string> = {},
  who = owner,
) => call(`/api/films/${filmId}/captions/${id}${query(track)}`, fileInit('PUT', body, who));
const remove = (filmId: string, id: string, who = owner) =>
  call(`/api/films/${filmId}/captions/${id}`, { method: 'DELETE', headers: { origin: ORIGIN, cookie: who.cookie } });
const added = async (res: Response) => {
  expect(res.status).toBe(201);
  return ((await res.json()) as { captions: Track }).captions;
};
const serve = (url: string, who: TestUser) => call(url, { headers: { cookie: who.cookie } });
const studioFilm = async (id: string, who = owner) =>
  (
    (await (await call(`/api/studio/films/${id}`, { headers: { cookie: who.cookie } })).json()) as {
      film: FilmWithCaptions;
    }
  ).film;
const keyOf = async (id: string) =>
  (await getDb(env).select({ key: filmCaptions.r2Key }).from(filmCaptions).where(eq(filmCaptions.id, id)).get())?.key ??
  null;
const approve = (id: string) => call(`/api/films/${id}/approve`, jsonInit('POST', {}, admin.cookie));

describe('caption tracks', { timeout: 30_000 }, () => {
  it('are added one per file with a language and a label, and served with the film’s rules', async () => {
    const film = await makeFilm();
    expect(film.captions).toEqual([]);
    const english = await added(await add(film.id, VTT));
    const french = await added(await add(film.id, FRENCH, { language: 'FR-ca', label: ' Français ' }));
    expect(english).toMatchObject({ language: 'en', label: 'English' });
    // The tag is stored in its usual case; the label trimmed.
    expect(french).toMatchObject({ language: 'fr-CA', label: 'Français' });
    expect((await studioFilm(film.id)).captions.map((c) => c.id)).toEqual([english.id, french.id]);

    const mine = await serve(english.url, owner);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect(await mine.text()).toBe(VTT);
    // Before approval: the owner and admins only; signed out never.
    expect((await serve(french.url, admin)).status).toBe(200);
    expect((await serve(french.url, viewer)).status).toBe(404);
    expect((await call(french.url)).status).toBe(401);

    expect((await approve(film.id)).status).toBe(200);
    expect(await (await serve(french.url, viewer)).text()).toBe(FRENCH);
    expect((await call(french.url)).status).toBe(401);
    // The film page lists them for the player, in the order they were added.
    const detail = await getFilm(ctx(), ANYONE, film.id);
    expect(detail?.captions.map((c) => [c.language, c.label])).toEqual([
      ['en', 'English'],
      ['fr-CA', 'Français'],
    ]);
  });

  it('are refused unless WebVTT by their first bytes, within the size limit, with a language and a label; nothing is written', async () => {
    const film = await makeFilm();
    const cases: [string | Uint8Array<ArrayBuffer>, Record<string, string>, number, string][] = [
      [
        '1\n00:00:00,000 --> 00:00:02,000\nAn SRT file\n',
        { language: 'en', label: 'English' },
        415,
        FILM_TEXT.captionsNotVtt,
      ],
      ['WEBVTTX\n', { language: 'en', label: 'English' }, 415, FILM_TEXT.captionsNotVtt],
      ['', { language: 'en', label: 'English' }, 400, FILM_TEXT.emptyFile],
      [
        `WEBVTT\n\n${'a'.repeat(CAPTIONS_MAX_BYTES)}`,
        { language: 'en', label: 'English' },
        413,
        FILM_TEXT.captionsTooLarge(CAPTIONS_MAX_BYTES),
      ],
      [VTT, { language: 'English', label: 'English' }, 400, FILM_TEXT.captionsLanguage],
      [VTT, { label: 'English' }, 400, FILM_TEXT.captionsLanguage],
      [VTT, { language: 'en', label: '  ' }, 400, FILM_TEXT.captionsLabelRequired],
      [VTT, { language: 'en', label: 'x'.repeat(41) }, 400, FILM_TEXT.captionsLabelTooLong],
    ];
    for (const [body, track, status, message] of cases) {
      const res = await call(`/api/films/${film.id}/captions${query(track)}`, fileInit('POST', body as string, owner));
      expect(res.status, message).toBe(status);
      expect(((await res.json()) as Problem).error.message).toBe(message);
    }
    expect((await studioFilm(film.id)).captions).toEqual([]);
    // Exactly at the limit is fine.
    const full = `WEBVTT\n\n${'a'.repeat(CAPTIONS_MAX_BYTES - 8)}`;
    expect((await add(film.id, full)).status).toBe(201);
  });

  it(`are at most ${CAPTIONS_MAX_TRACKS} a film`, async () => {
    const film = await makeFilm();
    for (let i = 0; i < CAPTIONS_MAX_TRACKS; i++)
      await added(await add(film.id, VTT, { language: 'en', label: `Take ${i}` }));
    const res = await add(film.id, VTT);
    expect(res.status).toBe(400);
    expect(((await res.json()) as Problem).error.message).toBe(FILM_TEXT.captionsTooMany(CAPTIONS_MAX_TRACKS));
  });

  it('are replaced (the old file deleted), relabelled, and removed', async () => {
    const film = await makeFilm();
    const track = await added(await add(film.id, VTT));
    const first = await keyOf(track.id);

    const res = await replace(film.id, track.id, OTHER_VTT);
    expect(res.status).toBe(200);
    const replaced = ((await res.json()) as { captions: Track }).captions;
    expect(replaced).toMatchObject({ id: track.id, language: 'en', label: 'English' });
    expect(replaced.url).not.toBe(track.url);
    expect(await (await serve(replaced.url, owner)).text()).toBe(OTHER_TEXT);
    expect(await keyOf(track.id)).not.toBe(first);
    expect(await env.MEDIA.head(first as string)).toBeNull();

    // Without a file: only the language and label change; with neither, nothing to do.
    const relabelled = await replace(film.id, track.id, undefined, { language: 'en-GB', label: 'English (UK)' });
    expect(((await relabelled.json()) as { captions: Track }).captions).toMatchObject({
      language: 'en-GB',
      label: 'English (UK)',
    });
    expect(await (await serve(replaced.url, owner)).text()).toBe(OTHER_TEXT);
    const nothing = await replace(film.id, track.id, undefined);
    expect(nothing.status).toBe(400);
    expect(((await nothing.json()) as Problem).error.message).toBe(FILM_TEXT.nothingToUpdate);
    const bad = await replace(film.id, track.id, 'not vtt');
    expect(bad.status).toBe(415);

    const second = await keyOf(track.id);
    expect((await remove(film.id, track.id)).status).toBe(200);
    expect((await studioFilm(film.id)).captions).toEqual([]);
    expect((await serve(replaced.url, owner)).status).toBe(404);
    expect(await env.MEDIA.head(second as string)).toBeNull();
    expect((await remove(film.id, track.id)).status).toBe(404);
  });

  it('of an approved film change without sending it back to review; another creator gets 404 and changes nothing', async () => {
    const film = await makeFilm();
    const track = await added(await add(film.id, VTT));
    await approve(film.id);
    const other = await makeUser(['contributor'], 'cap_other');
    expect((await add(film.id, FRENCH, { language: 'fr', label: 'Français' }, other)).status).toBe(404);
    expect((await replace(film.id, track.id, OTHER_VTT, {}, other)).status).toBe(404);
    expect((await remove(film.id, track.id, other)).status).toBe(404);
    expect(await (await serve(track.url, viewer)).text()).toBe(VTT);
    // A track of another film is not found through this one.
    const elsewhere = await makeFilm();
    expect((await replace(elsewhere.id, track.id, OTHER_VTT)).status).toBe(404);
    expect((await remove(elsewhere.id, track.id)).status).toBe(404);

    const res = await replace(film.id, track.id, OTHER_VTT);
    expect(res.status).toBe(200);
    expect((await studioFilm(film.id)).reviewStatus).toBe('approved');
    const url = ((await res.json()) as { captions: Track }).captions.url;
    expect(await (await serve(url, viewer)).text()).toBe(OTHER_TEXT);
    // An admin may manage any film's captions.
    expect((await remove(film.id, track.id, admin)).status).toBe(200);
  });

  it('are no longer sent inside the film itself', async () => {
    const film = await makeFilm();
    const res = await call(`/api/films/${film.id}`, jsonInit('PATCH', { captions: VTT }, owner.cookie));
    expect(res.status).toBe(400);
  });
});
