import { expect } from 'vitest';
import { toBase64, webm } from '../support/media';
import { jsonInit, ORIGIN, type TestUser } from './factories';
import { call } from './worker-call';

export const head = (bytes: Uint8Array) => toBase64(bytes.subarray(0, 64));

export function bytesInit(
  method: string,
  body: Uint8Array<ArrayBuffer>,
  cookie?: string,
  type = 'application/octet-stream',
) {
  return {
    method,
    headers: { 'content-type': type, origin: ORIGIN, ...(cookie ? { cookie } : {}) },
    body,
  } satisfies RequestInit;
}

export interface UploadView {
  id: string;
  status: string;
  partSize: number;
  partCount: number;
  contentType: string;
  confirmedParts: number[];
  bytesConfirmed: number;
  width: number | null;
  height: number | null;
}

export async function startUpload(user: TestUser, file: Uint8Array<ArrayBuffer>, fileName = 'film.webm') {
  const res = await call(
    '/api/uploads',
    jsonInit('POST', { kind: 'video', fileName, size: file.length, head: head(file) }, user.cookie),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { upload: UploadView }).upload;
}

export async function sendPart(user: TestUser, upload: UploadView, file: Uint8Array<ArrayBuffer>, n: number) {
  const part = file.subarray((n - 1) * upload.partSize, Math.min(file.length, n * upload.partSize));
  return call(`/api/uploads/${upload.id}/parts/${n}`, bytesInit('PUT', part, user.cookie));
}

/** A whole small video upload, completed: what a film is made from. */
export async function uploadVideo(user: TestUser, file = webm(4096)) {
  const upload = await startUpload(user, file);
  for (let n = 1; n <= upload.partCount; n++) expect((await sendPart(user, upload, file, n)).status).toBe(200);
  const res = await call(`/api/uploads/${upload.id}/complete`, jsonInit('POST', {}, user.cookie));
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { upload: UploadView }).upload;
}

export interface FilmView {
  id: string;
  title: string;
  reviewStatus: string;
  reviewReason: string | null;
  categoryId: string | null;
  runtimeSeconds: number;
  owner: { id: string; username: string | null };
  video: { url: string; type: string; bytes: number } | null;
  poster: { url: string; width: number | null; height: number | null } | null;
  publishedAt: string | null;
}

export const filmDetails = (extra: Record<string, unknown> = {}) => ({
  title: `Film ${crypto.randomUUID().slice(0, 6)}`,
  description: 'A film made for a test.',
  year: 2024,
  runtimeSeconds: 5400,
  ...extra,
});

export async function makeFilm(user: TestUser, extra: Record<string, unknown> = {}) {
  const video = await uploadVideo(user);
  const res = await call(
    '/api/films',
    jsonInit('POST', filmDetails({ videoUploadId: video.id, ...extra }), user.cookie),
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { film: FilmView }).film;
}
