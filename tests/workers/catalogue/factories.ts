import { expect } from 'vitest';
import { categories } from '../../../functions/db/schema';
import { webm, webp } from '../../support/media';
import { jsonInit, makeUser, ORIGIN, type TestUser, uid } from '../factories';
import { bytesInit, type FilmView, filmDetails, uploadVideo } from '../films-support';
import { call, testDeps } from '../worker-call';

export const ctx = () => testDeps();

let reviewer: TestUser | null = null;
/** An admin of this test file who reviews films. */
async function admin() {
  reviewer ??= await makeUser(['admin'], 'reviewer');
  return reviewer;
}

export async function makeCategory(name = `Category ${uid()}`) {
  const id = `cat-${uid()}`;
  await ctx().db.insert(categories).values({ id, name });
  return { id, name };
}

let fallbackCategory: Promise<{ id: string }> | null = null;
/** Once a category exists a film must have one: films of this file that name none share this one. */
const defaultCategory = () => {
  fallbackCategory ??= makeCategory();
  return fallbackCategory;
};

/** A WebM header, then a repeating pattern: a video the upload takes, whose every range can be checked. */
export const patternBytes = (n: number) => webm(n);

export interface FilmOptions {
  title?: string;
  description?: string;
  categoryId?: string;
  /** The text of a .vtt file, added as an English track. */
  captions?: string;
  status?: 'approved' | 'pending' | 'rejected';
  videoBytes?: number;
}

/** Sends a film-writing request as `who` and returns the film it answers with. */
export async function filmCall(path: string, method: string, body: unknown, who: TestUser): Promise<FilmView> {
  const res = await call(path, jsonInit(method, body, who.cookie));
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
  return ((await res.json()) as { film: FilmView }).film;
}

/**
 * A film made the way a creator makes one, through the API: its video and poster uploaded, the film
 * submitted by `owner` (a contributor), then approved by an admin unless told otherwise.
 */
export async function makeFilm(
  owner: TestUser,
  { status = 'approved', videoBytes = 1000, categoryId, captions, ...fields }: FilmOptions = {},
) {
  const video = await uploadVideo(owner, patternBytes(videoBytes));
  const posterRes = await call('/api/uploads/posters', bytesInit('POST', webp(), owner.cookie, 'image/webp'));
  expect(posterRes.status, await posterRes.clone().text()).toBe(201);
  const { upload: poster } = (await posterRes.json()) as { upload: { id: string } };
  const film = await filmCall(
    '/api/films',
    'POST',
    filmDetails({
      videoUploadId: video.id,
      posterUploadId: poster.id,
      categoryId: categoryId ?? (await defaultCategory()).id,
      ...fields,
    }),
    owner,
  );
  if (captions !== undefined) {
    const res = await call(`/api/films/${film.id}/captions?language=en&label=English`, {
      method: 'POST',
      headers: { 'content-type': 'text/vtt', origin: ORIGIN, cookie: owner.cookie },
      body: captions,
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  if (status === 'approved') return filmCall(`/api/films/${film.id}/approve`, 'POST', {}, await admin());
  if (status === 'rejected') {
    return filmCall(`/api/films/${film.id}/reject`, 'POST', { reason: 'Not for the catalogue' }, await admin());
  }
  return film;
}

/** Reviews a film as this file's admin. */
export async function reviewAs(id: string, verdict: 'approve' | 'reject') {
  const body = verdict === 'reject' ? { reason: 'Taken out for a test' } : {};
  return filmCall(`/api/films/${id}/${verdict}`, 'POST', body, await admin());
}
