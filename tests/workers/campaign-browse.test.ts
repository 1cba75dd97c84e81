import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { campaigns, categories, ledgerEntries, ledgerGroups, videos } from '../../functions/db/schema';
import type { CampaignStatus } from '../../functions/domain/campaigns/status';
import { db, inDays, makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, type TestUser, uid } from './factories';
import { call, env } from './worker-call';

/**
 * /campaigns' list over HTTP (GET /api/campaigns/browse, the verb the page renders) and the cards'
 * figures (GET /api/campaigns/figures): each sort's rule, the filters, paging, and that a campaign
 * nobody may see yet never appears. Each test lists its own category, so others' campaigns and the
 * minute's cache of another list never meet it. docs/campaigns.md.
 */
interface Card {
  campaignId: string;
  title: string;
  figures: { raised: string; backers: string; daysLeft: string; stateLabel: string; need: string | null };
}
interface List {
  campaigns: Card[];
  page: number;
  hasMore: boolean;
}

let owner: TestUser;
beforeAll(async () => {
  owner = await makeUser(['contributor'], 'lister');
});

async function category() {
  const id = `cat-${uid()}`;
  await db()
    .insert(categories)
    .values({ id, name: `Category ${id}`, position: 99 });
  return id;
}

interface Shape {
  categoryId: string;
  status?: CampaignStatus;
  endsInDays?: number;
  raised?: number;
  createdDaysAgo?: number;
  backers?: number;
  /** A film hidden after reports is a rejected one (docs/reports.md). */
  film?: 'approved' | 'draft' | 'pending' | 'rejected';
  reviewReturnsTo?: CampaignStatus;
}

/** A campaign of the shape asked for, its film in the category, its backers as ledger payments. */
async function campaign(shape: Shape) {
  const c = await makeCampaign({ owner, status: shape.status ?? 'live', currentAmount: shape.raised ?? 0 });
  await db()
    .update(videos)
    .set({ categoryId: shape.categoryId, reviewStatus: shape.film ?? 'approved' })
    .where(eq(videos.id, c.movieId));
  await db()
    .update(campaigns)
    .set({
      endDate: inDays(shape.endsInDays ?? 30),
      createdAt: new Date(Date.now() - (shape.createdDaysAgo ?? 0) * 86_400_000),
      reviewReturnsTo: shape.reviewReturnsTo ?? null,
    })
    .where(eq(campaigns.id, c.id));
  for (let i = 0; i < (shape.backers ?? 0); i++) {
    const groupId = crypto.randomUUID();
    const pi = `pi_${uid()}`;
    await db()
      .insert(ledgerGroups)
      .values({
        id: groupId,
        idempotencyKey: `test:${groupId}`,
        kind: 'payment',
        currency: 'usd',
        campaignId: c.id,
        paymentIntentId: pi,
      });
    await db()
      .insert(ledgerEntries)
      .values({
        groupId,
        account: `escrow:${c.id}`,
        amountCents: 1_000,
        currency: 'usd',
        campaignId: c.id,
        paymentIntentId: pi,
        kind: 'payment',
      });
  }
  return c.id;
}

async function list(query: Record<string, string>): Promise<List> {
  const res = await call(`/api/campaigns/browse?${new URLSearchParams(query)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as List;
}
const ids = (l: List) => l.campaigns.map((c) => c.campaignId);

/** Every key of the catalogue's cache now (KV lists at most 1,000 a call). */
async function cacheKeys(): Promise<string[]> {
  const names: string[] = [];
  let cursor: string | undefined;
  do {
    const page = await env.KV.list({ prefix: 'catalogue:', cursor });
    names.push(...page.keys.map((k) => k.name));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
  return names.sort();
}

describe('GET /api/campaigns/browse', () => {
  it('orders by each sort as its rule says', async () => {
    const categoryId = await category();
    // Goal $5,000, increment $10,000 (the factory's): D is past its goal, so its next milestone is $15,000.
    const a = await campaign({ categoryId, endsInDays: 2, raised: 100_000, createdDaysAgo: 4, backers: 1 });
    const b = await campaign({ categoryId, endsInDays: 10, raised: 450_000, createdDaysAgo: 1, backers: 3 });
    const c = await campaign({ categoryId, endsInDays: 0, raised: 0, createdDaysAgo: 3, backers: 0 });
    const d = await campaign({ categoryId, endsInDays: 30, raised: 600_000, createdDaysAgo: 2, backers: 2 });
    const sorted = async (sort: string) => ids(await list({ category: categoryId, sort }));

    // The end date, soonest first (the default).
    expect(ids(await list({ category: categoryId }))).toEqual([c, a, b, d]);
    expect(await sorted('ending-soon')).toEqual([c, a, b, d]);
    // Raised as a share of the next milestone: B 90 %, D 40 % of $15,000, A 20 %, C 0.
    expect(await sorted('nearly-funded')).toEqual([b, d, a, c]);
    expect(await sorted('newest')).toEqual([b, d, c, a]);
    expect(await sorted('most-backed')).toEqual([b, d, a, c]);
    // Per remaining day: C $5,000 today, A $4,000 over 3 days, D $9,000 over 31, B $500 over 11.
    expect(await sorted('needs-most')).toEqual([c, a, d, b]);

    const cards = (await list({ category: categoryId, sort: 'needs-most' })).campaigns;
    expect(cards.map((x) => x.figures.need)).toEqual([
      '$5,000 today reaches the goal',
      '$1,334 a day for 3 days reaches the goal',
      '$291 a day for 31 days reaches the next milestone',
      '$46 a day for 11 days reaches the goal',
    ]);
    expect(cards[1]?.figures).toMatchObject({ raised: '$1,000.00', backers: '1 backer', daysLeft: '2 days' });
    expect(cards[0]?.figures).toMatchObject({ daysLeft: 'Last day', stateLabel: 'Funding' });
  });

  it('filters by the film category and by funding or ended', async () => {
    const categoryId = await category();
    const other = await category();
    const funding = await campaign({ categoryId, endsInDays: 5 });
    const paused = await campaign({ categoryId, status: 'paused', endsInDays: 6 });
    const pastEnd = await campaign({ categoryId, endsInDays: -1 });
    const completed = await campaign({ categoryId, status: 'completed', endsInDays: -3 });
    const elsewhere = await campaign({ categoryId: other, endsInDays: 5 });

    expect(ids(await list({ category: categoryId }))).toEqual([funding, paused]);
    expect(ids(await list({ category: categoryId, state: 'funding' }))).toEqual([funding, paused]);
    const ended = await list({ category: categoryId, state: 'ended' });
    // Ended: the most recently ended first, with no figure of what it needs.
    expect(ids(ended)).toEqual([pastEnd, completed]);
    expect(ended.campaigns.map((x) => [x.figures.daysLeft, x.figures.stateLabel, x.figures.need])).toEqual([
      ['Ended', 'Funding ended', null],
      ['Ended', 'Funding ended', null],
    ]);
    expect(ids(await list({ category: other }))).toEqual([elsewhere]);
    // A category that does not exist is dropped (docs/campaigns.md): the list of every category.
    const unknown = await list({ category: `cat-${uid()}` });
    expect(unknown).toMatchObject({ category: null });
    expect(ids(unknown)).toEqual(ids(await list({})));
  });

  it('never lists a draft, pending, approved-not-launched, rejected or cancelled campaign, nor one of a film out of the catalogue', async () => {
    const categoryId = await category();
    const shown = await campaign({ categoryId });
    const inReviewAfterEdit = await campaign({ categoryId, status: 'pending_approval', reviewReturnsTo: 'live' });
    const hidden = [
      await campaign({ categoryId, status: 'pending' }),
      await campaign({ categoryId, status: 'active' }),
      await campaign({ categoryId, status: 'pending_approval' }),
      await campaign({ categoryId, status: 'approved' }),
      await campaign({ categoryId, status: 'rejected' }),
      await campaign({ categoryId, status: 'cancelled' }),
      await campaign({ categoryId, film: 'draft' }),
      await campaign({ categoryId, film: 'rejected' }),
      await campaign({ categoryId, film: 'pending' }),
    ];
    for (const state of ['funding', 'ended']) {
      for (const sort of ['ending-soon', 'nearly-funded', 'newest', 'most-backed', 'needs-most']) {
        const listed = ids(await list({ category: categoryId, state, sort }));
        expect(
          listed.filter((id) => hidden.includes(id)),
          `${state} ${sort}`,
        ).toEqual([]);
      }
    }
    expect(ids(await list({ category: categoryId })).sort()).toEqual([shown, inReviewAfterEdit].sort());
    // The figures of what is not public are not given either.
    const res = await call(`/api/campaigns/figures?ids=${[shown, ...hidden].join(',')}`);
    const { figures } = (await res.json()) as { figures: { campaignId: string }[] };
    expect(figures.map((f) => f.campaignId)).toEqual([shown]);
  });

  it('pages 24 at a time without overlap', async () => {
    const categoryId = await category();
    const made: string[] = [];
    for (let i = 0; i < 25; i++) made.push(await campaign({ categoryId, endsInDays: 1 + i }));
    const first = await list({ category: categoryId });
    const second = await list({ category: categoryId, page: '2' });
    expect(first).toMatchObject({ page: 1, hasMore: true });
    expect(second).toMatchObject({ page: 2, hasMore: false });
    expect([...ids(first), ...ids(second)]).toEqual(made);
  });

  it('shows a change of status at once: launched, paused, completed (docs/campaigns.md, "Caching")', async () => {
    const categoryId = await category();
    const id = await campaign({ categoryId, status: 'approved' });
    // Read (and cached for a minute) before each change.
    expect(ids(await list({ category: categoryId }))).toEqual([]);
    const as = (who: TestUser, path: string, body: unknown = {}) =>
      call(`/api/campaigns/${id}${path}`, jsonInit('POST', body, who.cookie));
    expect((await as(owner, '/launch')).status).toBe(200);
    const launched = await list({ category: categoryId });
    expect(ids(launched)).toEqual([id]);
    expect(launched.campaigns[0]?.figures.stateLabel).toBe('Funding');
    expect((await as(owner, '/pause')).status).toBe(200);
    expect((await list({ category: categoryId })).campaigns[0]?.figures.stateLabel).toBe('Paused');
    expect(ids(await list({ category: categoryId, state: 'ended' }))).toEqual([]);
    const admin = await makeUser(['admin'], 'lister-admin');
    expect((await as(admin, '/status', { status: 'completed' })).status).toBe(200);
    expect(ids(await list({ category: categoryId }))).toEqual([]);
    const ended = await list({ category: categoryId, state: 'ended' });
    expect(ids(ended)).toEqual([id]);
    expect(ended.campaigns[0]?.figures.stateLabel).toBe('Funding ended');
  });

  it('stores nothing for a category that does not exist', async () => {
    const categoryId = await category();
    // Every entry these reads need is stored first: the unfiltered list, a real category's.
    await list({});
    await list({ category: categoryId });
    const before = await cacheKeys();
    const lists = [await list({ category: `cat-${uid()}` }), await list({ category: `made-up-${uid()}` })];
    expect(await cacheKeys()).toEqual(before);
    // Dropped: each is the list of every category.
    for (const l of lists) expect(l).toMatchObject({ category: null });
  });

  it('refuses an unknown sort, state or key with 400', async () => {
    for (const q of ['sort=cheapest', 'state=draft', 'page=0', 'colour=red']) {
      const res = await call(`/api/campaigns/browse?${q}`);
      expect(res.status, q).toBe(400);
    }
    expect((await call('/api/campaigns/figures')).status).toBe(400);
    const many = Array.from({ length: 49 }, () => crypto.randomUUID()).join(',');
    expect((await call(`/api/campaigns/figures?ids=${many}`)).status).toBe(400);
  });
});

describe('GET /api/campaigns/figures', () => {
  it("gives each card's current figures in one answer, never cached", async () => {
    const categoryId = await category();
    const one = await campaign({ categoryId, raised: 10_000, backers: 1 });
    const two = await campaign({ categoryId, raised: 20_000 });
    await list({ category: categoryId });
    await db().update(campaigns).set({ currentAmount: 30_000 }).where(eq(campaigns.id, one));
    const res = await call(`/api/campaigns/figures?ids=${one},${two}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { figures } = (await res.json()) as { figures: { campaignId: string; raised: string; backers: string }[] };
    expect(figures).toMatchObject([
      { campaignId: one, raised: '$300.00', backers: '1 backer' },
      { campaignId: two, raised: '$200.00', backers: '0 backers' },
    ]);
  });
});
