import { beforeAll, describe, expect, it } from 'vitest';
import type { ListingCard } from '../../functions/services/marketplace';
import { makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, type TestUser, uid } from './factories';
import { call } from './worker-call';

/* Issue 43, the marketplace's listings: post, browse, filter, search, edit, close and reopen. */

let author: TestUser;
let other: TestUser;

beforeAll(async () => {
  author = await makeUser([], 'mk_author');
  other = await makeUser([], 'mk_other');
});

const base = {
  role: 'editor',
  kind: 'offering',
  title: 'Editor for short films',
  description: 'I cut documentaries and shorts.',
  pay: 'paid',
} as const;
type Body = Record<string, unknown>;

async function post(body: Body, cookie = author.cookie) {
  const res = await call('/api/marketplace', jsonInit('POST', body, cookie));
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
async function browse(query: Record<string, string>, cookie = other.cookie) {
  const res = await call(`/api/marketplace?${new URLSearchParams(query)}`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { listings: ListingCard[] }).listings;
}
const get = (id: string, cookie = other.cookie) => call(`/api/marketplace/${id}`, { headers: { cookie } });

describe('listings (/api/marketplace)', () => {
  it('posts a listing that another person finds by search and by role, with its author and films', async () => {
    const word = `Zyx${uid().replace(/[^a-z0-9]/gi, '')}`;
    const id = await post({ ...base, title: `${word} colourist`, role: 'cinematographer', location: 'Lisbon' });
    const found = await browse({ q: word });
    expect(found.map((l) => l.id)).toEqual([id]);
    expect(found[0]).toMatchObject({
      title: `${word} colourist`,
      role: 'cinematographer',
      kind: 'offering',
      pay: 'paid',
      location: 'Lisbon',
      status: 'open',
      author: { id: author.id, username: author.username, films: [] },
    });
    expect((await browse({ q: word, role: 'cinematographer' })).map((l) => l.id)).toEqual([id]);
    expect(await browse({ q: word, role: 'editor' })).toEqual([]);
    expect(await browse({ q: word, kind: 'seeking' })).toEqual([]);
    expect(await browse({ q: word, pay: 'volunteer' })).toEqual([]);
    // Newest first without a search.
    const newer = await post({ ...base, title: `${word} second` });
    const all = (await browse({})).map((l) => l.id);
    expect(all.indexOf(newer)).toBeLessThan(all.indexOf(id));
  });

  it('ranks a title hit over a role hit over a description hit', async () => {
    // The role column holds the role's name; a word that is a role name tests the middle column.
    const tag = uid().replace(/[^a-z0-9]/gi, '');
    const inDescription = await post({
      ...base,
      role: 'writer',
      title: `Plain ${tag}`,
      description: 'We need a composer',
    });
    const inRole = await post({ ...base, role: 'composer', title: `Music ${tag}`, description: 'Scores' });
    const inTitle = await post({ ...base, role: 'writer', title: `Composer ${tag}`, description: 'Words' });
    const ranked = (await browse({ q: `${tag} composer` })).map((l) => l.id);
    expect(ranked).toEqual([inTitle, inRole, inDescription]);
  });

  it('only the author edits, closes and reopens; a closed listing leaves the list and says closed', async () => {
    const tag = `Q${uid().replace(/[^a-z0-9]/gi, '')}`;
    const id = await post({ ...base, title: `${tag} sound` });
    const patch = (body: Body, cookie: string) => call(`/api/marketplace/${id}`, jsonInit('PATCH', body, cookie));
    expect((await patch({ title: `${tag} taken` }, other.cookie)).status).toBe(403);
    expect((await patch({ title: `${tag} renamed`, pay: 'volunteer' }, author.cookie)).status).toBe(200);
    expect(await (await get(id)).json()).toMatchObject({ title: `${tag} renamed`, pay: 'volunteer', mine: false });
    expect((await browse({ q: 'renamed', pay: 'volunteer' })).map((l) => l.id)).toContain(id);

    const close = (cookie: string) => call(`/api/marketplace/${id}/close`, jsonInit('POST', {}, cookie));
    const reopen = (cookie: string) => call(`/api/marketplace/${id}/reopen`, jsonInit('POST', {}, cookie));
    expect((await close(other.cookie)).status).toBe(403);
    expect((await close(author.cookie)).status).toBe(200);
    expect((await close(author.cookie)).status).toBe(409);
    expect(await browse({ q: tag })).toEqual([]);
    expect(await (await get(id)).json()).toMatchObject({ status: 'closed' });
    expect((await reopen(other.cookie)).status).toBe(403);
    expect((await reopen(author.cookie)).status).toBe(200);
    expect((await browse({ q: tag })).map((l) => l.id)).toEqual([id]);

    const mine = (await (await call('/api/marketplace/mine', { headers: { cookie: author.cookie } })).json()) as {
      listings: ListingCard[];
    };
    expect(mine.listings.map((l) => l.id)).toContain(id);
  });

  it('answers 404 for an unknown listing and refuses bad input', async () => {
    const unknown = crypto.randomUUID();
    expect((await get(unknown)).status).toBe(404);
    expect((await call(`/api/marketplace/${unknown}`, jsonInit('PATCH', { title: 'x' }, author.cookie))).status).toBe(
      404,
    );
    expect((await call(`/api/marketplace/${unknown}/close`, jsonInit('POST', {}, author.cookie))).status).toBe(404);
    const bad = await call('/api/marketplace', jsonInit('POST', { ...base, role: 'gaffer' }, author.cookie));
    expect(bad.status).toBe(400);
    const empty = await call('/api/marketplace', jsonInit('POST', { ...base, title: '  ' }, author.cookie));
    expect(empty.status).toBe(400);
    expect((await call('/api/marketplace?role=gaffer', { headers: { cookie: other.cookie } })).status).toBe(400);
    expect((await call('/api/marketplace', { headers: {} })).status).toBe(401);
  });

  it('names only one of the author’s own campaigns', async () => {
    const owner = await makeUser(['contributor'], 'mk_owner');
    const campaign = await makeCampaign({ owner });
    const mineId = await post({ ...base, campaignId: campaign.id }, owner.cookie);
    expect(await (await get(mineId)).json()).toMatchObject({
      campaignId: campaign.id,
      campaignTitle: expect.stringMatching(/^Campaign /),
    });
    const res = await call('/api/marketplace', jsonInit('POST', { ...base, campaignId: campaign.id }, other.cookie));
    expect(res.status).toBe(400);
  });
});
