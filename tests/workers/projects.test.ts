import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANYONE } from '../../functions/auth/authorize';
import { schema } from '../../functions/db/client';
import { PROJECT_TEXT } from '../../functions/domain/projects/texts';
import { creatorOverview } from '../../functions/services/dashboard';
import { projectsOf } from '../../functions/services/projects';
import { png } from '../support/media';
import { makeCampaign, makeFilm } from './campaign-factories';
import { asViewer, jsonInit, makeUser, type TestUser, uid } from './factories';
import { bytesInit } from './films-support';
import { call, env, testDeps } from './worker-call';

/*
 * Issue 44 items 1 and 2 (docs/projects.md): projects with roles needed as marketplace listings, the
 * owner alone edits (others 404), browse by stage, role and words, hidden projects absent for others,
 * posters through review; and the creator dashboard's overview in a fixed number of statements.
 */

let owner: TestUser;
let other: TestUser;
let admin: TestUser;
beforeAll(async () => {
  owner = await makeUser(['contributor'], 'proj_owner');
  other = await makeUser([], 'proj_other');
  admin = await makeUser(['admin'], 'proj_admin');
});

const send = (user: TestUser, method: string, path: string, body?: unknown) =>
  call(path, jsonInit(method, body ?? {}, user.cookie));
const get = (user: TestUser | null, path: string) => call(path, user ? { headers: { cookie: user.cookie } } : {});

async function post(user: TestUser, body: Record<string, unknown>) {
  const res = await send(user, 'POST', '/api/projects', {
    title: `Project ${uid()}`,
    logline: 'A film in the making',
    description: 'What it is about',
    stage: 'development',
    ...body,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as { id: string; listingIds: string[] };
}

interface Card {
  id: string;
  title: string;
  stage: string;
  hidden: boolean;
  roles: { listingId: string; role: string; status: string }[];
  campaign: { live: boolean; raisedCents: number } | null;
  poster: { url: string } | null;
  posterPending: boolean;
}
const browse = async (user: TestUser, query: string) => {
  const res = await get(user, `/api/projects?${query}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { projects: Card[] }).projects;
};

describe('projects', () => {
  it('posts a project whose roles needed are listings in the marketplace: new ones and the owner’s own', async () => {
    const word = `Gannet${uid()}`;
    const own = await send(owner, 'POST', '/api/marketplace', {
      role: 'editor',
      kind: 'seeking',
      title: `${word} editor`,
      description: 'Cutting',
      pay: 'paid',
    });
    const ownId = ((await own.json()) as { id: string }).id;
    const { id, listingIds } = await post(owner, {
      title: `${word} harbour`,
      roles: [{ role: 'composer', pay: 'revenue_share', description: `${word} score` }, { listingId: ownId }],
    });
    expect(listingIds).toHaveLength(1);

    const card = (await (await get(other, `/api/projects/${id}`)).json()) as Card;
    expect(card.roles.map((r) => r.role)).toEqual(['composer', 'editor']);
    expect(card.roles.map((r) => r.listingId)).toEqual([listingIds[0], ownId]);

    // The new listing is in the marketplace for anyone, searchable and filtered by its role.
    const market = (await (await get(other, `/api/marketplace?q=${word}&role=composer`)).json()) as {
      listings: { id: string; kind: string; title: string }[];
    };
    expect(market.listings.map((l) => l.id)).toEqual([listingIds[0]]);
    expect(market.listings[0]?.kind).toBe('seeking');
    expect(market.listings[0]?.title).toContain(`${word} harbour`);
  });

  it('refuses a role that is someone else’s listing, and someone else’s campaign or film', async () => {
    const theirs = await send(other, 'POST', '/api/marketplace', {
      role: 'actor',
      kind: 'offering',
      title: 'Actor',
      description: 'Acting',
      pay: 'paid',
    });
    const listingId = ((await theirs.json()) as { id: string }).id;
    const base = { title: 'T', logline: 'L', description: 'D', stage: 'shooting' };
    const res = await send(owner, 'POST', '/api/projects', { ...base, roles: [{ listingId }] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(PROJECT_TEXT.listingNotYours);
    const c = await makeCampaign();
    expect((await send(owner, 'POST', '/api/projects', { ...base, campaignId: c.id })).status).toBe(400);
    expect((await send(owner, 'POST', '/api/projects', { ...base, filmId: c.movieId })).status).toBe(400);
    expect((await send(owner, 'POST', '/api/projects', { ...base, stage: 'wrapped' })).status).toBe(400);
  });

  it('lets the owner edit; anyone else, an admin too, gets 404', async () => {
    const { id } = await post(owner, { roles: [{ role: 'sound', pay: 'paid' }] });
    expect((await send(other, 'PATCH', `/api/projects/${id}`, { title: 'Taken' })).status).toBe(404);
    expect((await send(admin, 'PATCH', `/api/projects/${id}`, { title: 'Taken' })).status).toBe(404);
    const res = await send(owner, 'PATCH', `/api/projects/${id}`, {
      title: 'Renamed',
      stage: 'post-production',
      roles: [{ role: 'composer', pay: 'volunteer' }],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const card = (await (await get(other, `/api/projects/${id}`)).json()) as Card;
    expect(card.title).toBe('Renamed');
    expect(card.stage).toBe('post-production');
    expect(card.roles.map((r) => r.role)).toEqual(['composer']);
  });

  it('browses by stage and by role needed, and searches titles and loglines', async () => {
    const word = `Osprey${uid()}`;
    const a = await post(owner, {
      title: `${word} one`,
      stage: 'shooting',
      roles: [{ role: 'cinematographer', pay: 'paid' }],
    });
    const b = await post(owner, { logline: `A ${word} at sea`, stage: 'released' });
    const ids = (cards: Card[]) => cards.map((c) => c.id).sort();
    expect(ids(await browse(other, `q=${word}`))).toEqual([a.id, b.id].sort());
    expect(ids(await browse(other, `q=${word}&stage=shooting`))).toEqual([a.id]);
    expect(ids(await browse(other, `q=${word}&role=cinematographer`))).toEqual([a.id]);
    expect(ids(await browse(other, `q=${word}&role=actor`))).toEqual([]);
    // A part of a word matches; `%` and `_` are not words, so never wildcards.
    expect(ids(await browse(other, `q=${word.slice(0, 9).toLowerCase()}%25_`))).toEqual([a.id, b.id].sort());
    expect((await get(other, '/api/projects?stage=wrapped')).status).toBe(400);
  });

  it('shows what a project’s live campaign raised', async () => {
    const c = await makeCampaign({ owner, status: 'live', currentAmount: 123_400 });
    const { id } = await post(owner, { campaignId: c.id });
    const card = (await (await get(other, `/api/projects/${id}`)).json()) as Card;
    expect(card.campaign).toMatchObject({ live: true, raisedCents: 123_400 });
  });

  it('treats a hidden project as absent for everyone but its owner and the admins', async () => {
    const word = `Heron${uid()}`;
    const { id } = await post(owner, { title: `${word} hidden` });
    await env.DB.prepare('update projects set hidden_at = ? where id = ?').bind(Date.now(), id).run();

    expect((await get(other, `/api/projects/${id}`)).status).toBe(404);
    expect((await browse(other, `q=${word}`)).map((c) => c.id)).toEqual([]);
    expect((await projectsOf(testDeps(), ANYONE, owner.id)).map((c) => c.id)).not.toContain(id);
    expect((await projectsOf(testDeps(), asViewer(other, ['viewer']), owner.id)).map((c) => c.id)).not.toContain(id);

    expect((await get(owner, `/api/projects/${id}`)).status).toBe(200);
    expect((await get(admin, `/api/projects/${id}`)).status).toBe(200);
    expect((await browse(owner, `q=${word}`)).map((c) => c.hidden)).toEqual([true]);
    expect((await browse(admin, `q=${word}`)).map((c) => c.id)).toEqual([id]);
    expect((await projectsOf(testDeps(), asViewer(owner, ['contributor']), owner.id)).map((c) => c.id)).toContain(id);
  });

  it('shows a poster once an admin approves it; the waiting one only to the owner and admins', async () => {
    const up = await call('/api/uploads/posters?name=poster.png', bytesInit('POST', png(), owner.cookie, 'image/png'));
    expect(up.status, await up.clone().text()).toBe(201);
    const posterUploadId = ((await up.json()) as { upload: { id: string } }).upload.id;
    const { id } = await post(owner, { posterUploadId });
    const mine = (await (await get(owner, `/api/projects/${id}`)).json()) as Card;
    expect(mine).toMatchObject({ poster: null, posterPending: true });
    expect((await get(other, `/api/projects/${id}/poster?pending=1`)).status).toBe(404);
    expect((await get(owner, `/api/projects/${id}/poster?pending=1`)).status).toBe(200);
    // The same upload cannot be a second project's poster.
    expect(
      (
        await send(owner, 'POST', '/api/projects', {
          title: 'T',
          logline: 'L',
          description: 'D',
          stage: 'shooting',
          posterUploadId,
        })
      ).status,
    ).toBe(400);

    expect((await send(owner, 'POST', `/api/projects/${id}/poster-review`, { approve: true })).status).toBe(403);
    expect((await send(admin, 'POST', `/api/projects/${id}/poster-review`, { approve: true })).status).toBe(200);
    expect((await send(admin, 'POST', `/api/projects/${id}/poster-review`, { approve: true })).status).toBe(409);
    const card = (await (await get(other, `/api/projects/${id}`)).json()) as Card;
    expect(card.posterPending).toBe(false);
    expect(card.poster?.url).toContain(`/api/projects/${id}/poster`);
    const image = await get(other, card.poster?.url ?? '');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    await image.arrayBuffer();
  });

  it('deletes the file of a poster that leaves: replaced, refused, or waiting and replaced', async () => {
    const db = drizzle(env.DB, { schema });
    const upload = async () => {
      const res = await call('/api/uploads/posters?name=p.png', bytesInit('POST', png(), owner.cookie, 'image/png'));
      const { id } = ((await res.json()) as { upload: { id: string } }).upload;
      const row = await db.query.uploads.findFirst({ where: (u, { eq }) => eq(u.id, id) });
      return { id, key: row?.r2Key ?? '' };
    };
    const stored = (key: string) => env.MEDIA.head(key).then((o) => o !== null);
    const first = await upload();
    const { id } = await post(owner, { posterUploadId: first.id });
    expect((await send(admin, 'POST', `/api/projects/${id}/poster-review`, { approve: true })).status).toBe(200);
    // A waiting poster replaced by a newer upload leaves; the shown one stays.
    const waiting = await upload();
    expect((await send(owner, 'PATCH', `/api/projects/${id}`, { posterUploadId: waiting.id })).status).toBe(200);
    const second = await upload();
    expect((await send(owner, 'PATCH', `/api/projects/${id}`, { posterUploadId: second.id })).status).toBe(200);
    await expect.poll(() => stored(waiting.key)).toBe(false);
    expect(await stored(first.key)).toBe(true);
    // Approved, it replaces the shown one, whose file leaves.
    expect((await send(admin, 'POST', `/api/projects/${id}/poster-review`, { approve: true })).status).toBe(200);
    await expect.poll(() => stored(first.key)).toBe(false);
    expect(await stored(second.key)).toBe(true);
    // A refused one leaves; the shown one stays.
    const refused = await upload();
    expect((await send(owner, 'PATCH', `/api/projects/${id}`, { posterUploadId: refused.id })).status).toBe(200);
    expect((await send(admin, 'POST', `/api/projects/${id}/poster-review`, { approve: false })).status).toBe(200);
    await expect.poll(() => stored(refused.key)).toBe(false);
    expect(await stored(second.key)).toBe(true);
  });
});

/** A database handle that counts the statements it prepares (each read is one). */
function countingDeps() {
  let statements = 0;
  const counting = new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'prepare') {
        return (query: string) => {
          statements++;
          return target.prepare(query);
        };
      }
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { deps: testDeps({ db: drizzle(counting, { schema }) as never }), count: () => statements };
}

describe('the creator dashboard overview', () => {
  it('reads in the same small number of statements for one film or five', async () => {
    const counts: number[] = [];
    for (const films of [1, 5]) {
      const creator = await makeUser(['contributor'], 'dash');
      for (let i = 0; i < films; i++) await makeCampaign({ owner: creator, status: 'live' });
      await makeFilm(creator.id);
      const { deps, count } = countingDeps();
      const o = await creatorOverview(deps, asViewer(creator, ['contributor']));
      expect(o.films).toHaveLength(films + 1);
      expect(o.campaigns).toHaveLength(films);
      counts.push(count());
    }
    expect(counts[0]).toBe(counts[1]);
    expect(counts[0]).toBeLessThanOrEqual(9);
  });

  it('lists each kind of waiting item with the screen that settles it', async () => {
    const me = await makeUser(['contributor'], 'dash_wait');
    const v = asViewer(me, ['contributor']);
    // An invitation; a share to approve again (joined before: an active agreement); a vote.
    const invited = await makeCampaign({ members: [{ user: me }] });
    const reset = await makeCampaign({ members: [{ user: me }] });
    await env.DB.prepare(
      "insert into partnership_agreements (id, user_a_id, user_b_id, campaign_id, project_title, collaboration_type, status, user_a_agreed, user_b_agreed) values (?, ?, ?, ?, 'x', 'campaign_collaboration', 'active', 1, 1)",
    )
      .bind(crypto.randomUUID(), reset.owner.id, me.id, reset.id)
      .run();
    const voting = await makeCampaign({ owner: me, status: 'live' });
    await env.DB.prepare('update campaigns set extension_pending = 1 where id = ?').bind(voting.id).run();
    // A collaboration request waiting for my answer.
    const listing = await send(me, 'POST', '/api/marketplace', {
      role: 'sound',
      kind: 'seeking',
      title: 'Sound',
      description: 'Sound',
      pay: 'paid',
    });
    const listingId = ((await listing.json()) as { id: string }).id;
    const asked = await send(other, 'POST', `/api/marketplace/${listingId}/requests`, { message: 'Me?' });
    const requestId = ((await asked.json()) as { id: string }).id;
    // A payout with no payout account; a coin's wallet notice.
    await env.DB.prepare(
      "insert into payouts (id, campaign_id, milestone_number, user_id, amount_cents, currency, status) values (?, ?, 1, ?, 2500, 'usd', 'pending')",
    )
      .bind(crypto.randomUUID(), voting.id, me.id)
      .run();
    await env.DB.prepare(
      "insert into notifications (id, user_id, type, title, message, campaign_id, topic) values (?, ?, 'creator_coin', 'Link a wallet', 'x', ?, 'wallet')",
    )
      .bind(crypto.randomUUID(), me.id, voting.id)
      .run();

    const o = await creatorOverview(testDeps(), v);
    const byKind = Object.fromEntries(o.waiting.map((w) => [w.kind, w.href]));
    expect(byKind).toEqual({
      invitation: `/contributor/campaign-progress/${invited.id}?invitation=true`,
      'share-approval': `/contributor/campaign-progress/${reset.id}`,
      vote: `/contributor/campaign-progress/${voting.id}`,
      collaboration: `/collaboration/${requestId}`,
      payouts: '/contributor/payouts',
      wallet: '/account#wallets',
    });
    expect(o.waiting.find((w) => w.kind === 'payouts')).toMatchObject({ count: 1, cents: 2500 });
    expect(o.campaigns.find((c) => c.id === voting.id)).toMatchObject({ backers: 0, daysLeft: 30 });
  });

  it('counts days left only while a campaign runs: none on a draft (active) or a completed one', async () => {
    const me = await makeUser(['contributor'], 'dash_days');
    const live = await makeCampaign({ owner: me, status: 'live' });
    const draft = await makeCampaign({ owner: me, status: 'active' });
    const done = await makeCampaign({ owner: me, status: 'completed' });
    const o = await creatorOverview(testDeps(), asViewer(me, ['contributor']));
    const days = (id: string) => o.campaigns.find((c) => c.id === id)?.daysLeft;
    expect(days(live.id)).toBe(30);
    expect(days(draft.id)).toBeNull();
    expect(days(done.id)).toBeNull();
  });
});
