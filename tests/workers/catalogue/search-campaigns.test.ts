import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns, videos } from '../../../functions/db/schema';
import type { CampaignStatus } from '../../../functions/domain/campaigns/status';
import type { CampaignSearchResult, SearchResult } from '../../../functions/services/catalogue';
import { db, makeCampaign } from '../campaign-factories';
import { uid } from '../factories';
import { call } from '../worker-call';

/**
 * Search finds public campaigns by title and description (issue 49 item 3; migration 0033's
 * campaigns_fts, kept in step by triggers): never a draft, one waiting for review, approved but not
 * launched, rejected or cancelled, nor a hidden film's.
 */
const word = () => `zc${uid().replace(/\d/g, 'x')}`;

const search = async (q: string, page?: number) => {
  const params = new URLSearchParams({ q, ...(page ? { page: String(page) } : {}) });
  const res = await call(`/api/search?${params}`);
  expect(res.status).toBe(200);
  return (await res.json()) as SearchResult & { campaigns: CampaignSearchResult };
};
const campaignIds = async (q: string) => (await search(q)).campaigns.hits.map((h) => h.campaignId);

/** A campaign in `status` whose title and description are given (written as its verbs would leave them). */
async function campaignWith(status: CampaignStatus, fields: { title?: string; description?: string }) {
  const c = await makeCampaign({ status });
  await db().update(campaigns).set(fields).where(eq(campaigns.id, c.id));
  return c;
}

describe('campaign search', { timeout: 60_000 }, () => {
  it('finds a live campaign by a word of its description and by the start of a title word, with its figures', async () => {
    const w = word();
    const c = await campaignWith('live', { description: `Paints every frame of the ${w} sequence by hand.` });
    await db().update(campaigns).set({ currentAmount: 120_000 }).where(eq(campaigns.id, c.id));
    const result = await search(w);
    expect(result.campaigns.hits.map((h) => h.campaignId)).toEqual([c.id]);
    expect(result.campaigns.hits[0]).toMatchObject({
      movieId: c.movieId,
      raisedCents: 120_000,
      goalCents: 500_000,
      state: 'funding',
      stateLabel: 'Funding',
      daysLeft: 30,
    });
    expect(result.campaigns.hits[0]?.descriptionHighlighted).toContainEqual({ text: w, hit: true });
    // A title ranks above a description, and the last word matches the start of a title word.
    const t = word();
    const inTitle = await campaignWith('paused', { title: `${t}ville restored` });
    const inDescription = await campaignWith('completed', { description: `About ${t}ville.` });
    expect(await campaignIds(`${t}ville`)).toEqual([inTitle.id, inDescription.id]);
    expect(await campaignIds(t)).toEqual([inTitle.id]);
  });

  it('never finds a draft, pending, approved, rejected or cancelled campaign; an edit in review stays', async () => {
    const w = word();
    const hidden: string[] = [];
    for (const status of ['active', 'pending', 'pending_approval', 'approved', 'rejected', 'cancelled'] as const) {
      hidden.push((await campaignWith(status, { description: `Private ${w} plans.` })).id);
    }
    const launchedInReview = await campaignWith('live', { description: `Public ${w} plans.` });
    await db()
      .update(campaigns)
      .set({ status: 'pending_approval', reviewReturnsTo: 'live' })
      .where(eq(campaigns.id, launchedInReview.id));
    expect(await campaignIds(w)).toEqual([launchedInReview.id]);
    // The index follows status changes both ways: launched, it is found; cancelled, gone again.
    const [draft] = hidden;
    await db()
      .update(campaigns)
      .set({ status: 'live' })
      .where(eq(campaigns.id, draft as string));
    expect(await campaignIds(w)).toEqual(expect.arrayContaining([draft, launchedInReview.id]));
    await db()
      .update(campaigns)
      .set({ status: 'cancelled' })
      .where(eq(campaigns.id, draft as string));
    expect(await campaignIds(w)).toEqual([launchedInReview.id]);
  });

  it("leaves out a hidden film's campaign, and finds it again once the film is back", async () => {
    const w = word();
    const c = await campaignWith('live', { title: `Hidden ${w}` });
    expect(await campaignIds(w)).toEqual([c.id]);
    await db().update(videos).set({ reviewStatus: 'rejected' }).where(eq(videos.id, c.movieId));
    expect(await campaignIds(w)).toEqual([]);
    await db().update(videos).set({ reviewStatus: 'approved' }).where(eq(videos.id, c.movieId));
    expect(await campaignIds(w)).toEqual([c.id]);
    // Deleted, it leaves the index.
    await db().delete(campaigns).where(eq(campaigns.id, c.id));
    expect(await campaignIds(w)).toEqual([]);
  });

  it('rewrites its index row only when the text or being public changes (migration 0035)', async () => {
    const w = word();
    const c = await campaignWith('live', { title: `Reel ${w}` });
    // FTS5's structure record (id 10 of its data table) changes with every write to the index.
    const structure = async () =>
      (await db().all<{ b: string }>(sql`SELECT hex(block) AS b FROM campaigns_fts_data WHERE id = 10`))[0]?.b;
    const before = await structure();
    const setStatus = (status: CampaignStatus) => db().update(campaigns).set({ status }).where(eq(campaigns.id, c.id));
    // Paused, resumed, and the status set to itself (as a guard does): still public, the same text.
    await setStatus('paused');
    await setStatus('live');
    await setStatus('live');
    expect(await structure()).toBe(before);
    expect(await campaignIds(w)).toEqual([c.id]);
    // Renamed: found by the new title only; cancelled: gone.
    const t = word();
    await db()
      .update(campaigns)
      .set({ title: `Reel ${t}` })
      .where(eq(campaigns.id, c.id));
    expect(await structure()).not.toBe(before);
    expect(await campaignIds(t)).toEqual([c.id]);
    expect(await campaignIds(w)).toEqual([]);
    await setStatus('cancelled');
    expect(await campaignIds(t)).toEqual([]);
  });

  it('pages campaigns beside the films; blank text and FTS syntax find nothing', async () => {
    const w = word();
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push((await campaignWith('live', { description: `Batch ${w} ${i}` })).id);
    const first = await search(w);
    expect(first.campaigns.hits).toHaveLength(6);
    expect(first.campaigns.hasMore).toBe(true);
    const second = await search(w, 2);
    expect(second.campaigns.hasMore).toBe(false);
    expect([...first.campaigns.hits, ...second.campaigns.hits].map((h) => h.campaignId).sort()).toEqual(made.sort());
    expect((await search('   ')).campaigns.hits).toEqual([]);
    expect((await search('NEAR( * : ^')).campaigns.hits).toEqual([]);
  });
});
