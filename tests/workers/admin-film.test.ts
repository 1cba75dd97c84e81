import { describe, expect, it } from 'vitest';
import { makeUser } from './factories';
import { type FilmView, makeFilm } from './films-support';
import { call } from './worker-call';

interface ReviewLists {
  films: FilmView[];
  history: (FilmView & { reviewedBy: { id: string; username: string | null } | null })[];
}

const reviewLists = async (cookie: string) =>
  (await (await call('/api/studio/review', { headers: { cookie } })).json()) as ReviewLists;

describe('a film an admin adds', () => {
  it('is published directly, not queued for review, and is listed in the review history as approved by them', async () => {
    const admin = await makeUser(['admin'], 'pub_admin');
    const film = await makeFilm(admin);
    expect(film.reviewStatus).toBe('approved');
    expect(film.publishedAt).not.toBeNull();

    const lists = await reviewLists(admin.cookie);
    expect(lists.films.map((f) => f.id)).not.toContain(film.id);
    const listed = lists.history.find((f) => f.id === film.id);
    expect(listed).toMatchObject({ reviewStatus: 'approved', reviewedBy: { id: admin.id } });
  });

  it("a creator's film still waits for review (and is not in the history until decided)", async () => {
    const creator = await makeUser(['contributor'], 'pub_creator');
    const admin = await makeUser(['admin'], 'pub_admin2');
    const film = await makeFilm(creator);
    expect(film.reviewStatus).toBe('pending');
    const lists = await reviewLists(admin.cookie);
    expect(lists.films.map((f) => f.id)).toContain(film.id);
    expect(lists.history.map((f) => f.id)).not.toContain(film.id);
  });
});
