import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns, type ReviewStatus, videos } from '../../functions/db/schema';
import { db, inDays, makeFilm } from './campaign-factories';
import { jsonInit, makeUser, uid } from './factories';
import { call } from './worker-call';

async function filmIn(ownerId: string, reviewStatus: ReviewStatus) {
  const id = crypto.randomUUID();
  await db()
    .insert(videos)
    .values({ id, title: `Film ${uid()}`, contributorId: ownerId, reviewStatus });
  return id;
}

const start = (movieId: string, cookie: string) =>
  call(
    '/api/campaigns',
    jsonInit('POST', { movieId, title: `Start ${uid()}`, goalAmount: 300_000, endDate: inDays(14) }, cookie),
  );

describe('starting a campaign', () => {
  it('is refused for a film in review or rejected, by the owner and by an admin; an approved film starts', async () => {
    const owner = await makeUser(['contributor'], 'starter');
    const admin = await makeUser(['admin'], 'start_admin');
    for (const status of ['pending', 'rejected', 'draft'] as const) {
      const movieId = await filmIn(owner.id, status);
      for (const who of [owner, admin]) {
        const res = await start(movieId, who.cookie);
        expect(res.status, `${status} film, ${who.username}`).toBe(409);
        expect(await res.json()).toMatchObject({ error: { code: 'conflict' } });
      }
      expect(await db().select().from(campaigns).where(eq(campaigns.movieId, movieId))).toEqual([]);
    }
    expect((await start(await makeFilm(owner.id), owner.cookie)).status).toBe(201);
  });

  it('offers "Start a campaign" for approved films only', async () => {
    const owner = await makeUser(['contributor'], 'offered');
    const approved = await makeFilm(owner.id);
    const pending = await filmIn(owner.id, 'pending');
    const rejected = await filmIn(owner.id, 'rejected');
    const res = await call('/api/campaigns/mine', { headers: { cookie: owner.cookie } });
    const { filmsWithoutCampaign } = (await res.json()) as { filmsWithoutCampaign: { id: string }[] };
    const ids = filmsWithoutCampaign.map((f) => f.id);
    expect(ids).toContain(approved);
    expect(ids).not.toContain(pending);
    expect(ids).not.toContain(rejected);
  });
});
