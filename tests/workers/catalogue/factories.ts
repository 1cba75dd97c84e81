import { categories, type ReviewStatus } from '../../../functions/db/schema';
import type { FilmFields } from '../../../functions/services/films/internal/schema';
import { createFilm } from '../../../functions/services/films/seeding/create';
import { reviewFilm } from '../../../functions/services/films/seeding/review';
import { makeUser, type TestUser, uid } from '../factories';
import { env, testServices } from '../support';

export const ctx = () => testServices();

let reviewer: TestUser | null = null;
/** An admin of this test file who approves films. */
async function admin() {
  reviewer ??= await makeUser(['admin'], 'reviewer');
  return { userId: reviewer.id, roles: ['admin' as const] };
}

export async function makeCategory(name = `Category ${uid()}`) {
  const id = `cat-${uid()}`;
  await ctx().db.insert(categories).values({ id, name });
  return { id, name };
}

/** Bytes 0,1,2,… (mod 251) so any range's content can be checked. */
export const patternBytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i % 251);

export interface FilmOptions extends Partial<FilmFields> {
  status?: ReviewStatus;
  videoBytes?: number;
}

/** A film owned by `owner` (a contributor), with a video in R2, approved unless told otherwise. */
export async function makeFilm(
  owner: TestUser,
  { status = 'approved', videoBytes = 1000, ...fields }: FilmOptions = {},
) {
  const key = `test/${uid()}.webm`;
  await env.MEDIA.put(key, patternBytes(videoBytes), { httpMetadata: { contentType: 'video/webm' } });
  const posterKey = `test/${uid()}.webp`;
  await env.MEDIA.put(posterKey, patternBytes(64), { httpMetadata: { contentType: 'image/webp' } });
  const film = await createFilm(
    ctx(),
    { userId: owner.id, roles: ['contributor'] },
    {
      title: `Film ${uid()}`,
      video: { key, type: 'video/webm', bytes: videoBytes },
      poster: { key: posterKey, width: 320, height: 480 },
      ...fields,
    },
  );
  if (!film) throw new Error('film not created');
  if (status !== 'pending') await reviewFilm(ctx(), await admin(), film.id, status);
  return film;
}
