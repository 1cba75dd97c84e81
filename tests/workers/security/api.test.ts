import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../../functions/db/schema';
import { png } from '../../support/media';
import { makeCampaign } from '../campaign-factories';
import { jsonInit, makeUser, type TestUser, uid } from '../factories';
import { bytesInit, makeFilm } from '../films-support';
import {
  db,
  deliver,
  eventRow,
  intentSucceeded,
  linesFor,
  registerMoneyTestHooks,
  sessionCompleted,
  testPayment,
} from '../stripe-support';
import { call } from '../worker-call';

registerMoneyTestHooks();

const address = () => `2001:db8::${uid().slice(0, 4)}:${uid().slice(0, 4)}`;
const withAddress = (init: RequestInit, ip: string): RequestInit => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), 'cf-connecting-ip': ip },
});

let member: TestUser;
let admin: TestUser;
beforeAll(async () => {
  member = await makeUser([], 'secmember');
  admin = await makeUser(['admin'], 'secadmin');
});

describe('short links never lead off the site', () => {
  it.each([
    '/auth?redirect=%2F%09%2Fevil.example',
    '/auth?redirect=%2F%0A%2Fevil.example',
    '/auth?redirect=%2F%5Cevil.example',
    '/auth?redirect=%2F%2Fevil.example',
    '/auth?redirect=https%3A%2F%2Fevil.example',
    '/faq\\x',
  ])('refuses %s', async (path) => {
    const res = await call('/api/short-links', jsonInit('POST', { path }, member.cookie));
    expect(res.status).toBe(400);
  });

  it('still links /auth with a same-site redirect', async () => {
    const res = await call('/api/short-links', jsonInit('POST', { path: '/auth?redirect=%2Fmy-list' }, member.cookie));
    expect(res.status).toBe(200);
  });
});

describe('campaign funding follows the campaign visibility rule', () => {
  it.each(['active', 'pending_approval', 'rejected', 'approved', 'cancelled'] as const)(
    'a %s campaign: 404 to strangers, visible to its owner and admins',
    async (status) => {
      const campaign = await makeCampaign({ status });
      const path = `/api/campaigns/${campaign.id}/funding`;
      expect((await call(path)).status).toBe(404);
      expect((await call(path, { headers: { cookie: member.cookie } })).status).toBe(404);
      expect((await call(path, { headers: { cookie: campaign.owner.cookie } })).status).toBe(200);
      expect((await call(path, { headers: { cookie: admin.cookie } })).status).toBe(200);
    },
  );

  it.each(['live', 'paused', 'completed'] as const)('a %s campaign: public', async (status) => {
    const campaign = await makeCampaign({ status });
    expect((await call(`/api/campaigns/${campaign.id}/funding`)).status).toBe(200);
  });
});

describe('ids longer than any of ours are 404, never 500', () => {
  const long = 'a'.repeat(600);
  it.each([
    `/api/media/posters/${long}`,
    `/api/media/videos/${long}`,
    `/api/media/captions/${long}`,
    `/api/watch/${long}`,
    `/api/payments/test-checkout/${long}`,
    `/api/campaigns/${long}/funding`,
    `/api/campaigns/${long}/breakdown`,
    `/api/films/${long}`,
    `/api/messages/${long}`,
  ])('GET %s', async (path) => {
    const res = await call(path, { headers: { cookie: member.cookie } });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { code: 'not_found' } });
  });
});

describe('a new poster for an approved film waits for review', () => {
  it('the approved poster stays public until an admin approves the new one', async () => {
    const owner = await makeUser(['contributor'], 'posterowner');
    const upload = async (w: number) => {
      const res = await call('/api/uploads/posters', bytesInit('POST', png(w, 450), owner.cookie, 'image/png'));
      expect(res.status).toBe(201);
      return (await res.json<{ upload: { id: string } }>()).upload.id;
    };
    const film = await makeFilm(owner, { posterUploadId: await upload(300) });
    expect((await call(`/api/films/${film.id}/approve`, jsonInit('POST', {}, admin.cookie))).status).toBe(200);
    const publicPoster = async () => {
      const res = await call(`/api/media/posters/${film.id}`);
      expect(res.status).toBe(200);
      return new Uint8Array(await res.arrayBuffer());
    };
    const approved = await publicPoster();

    const edit = await call(
      `/api/films/${film.id}`,
      jsonInit('PATCH', { posterUploadId: await upload(320) }, owner.cookie),
    );
    expect(edit.status, await edit.clone().text()).toBe(200);
    expect(await publicPoster()).toEqual(approved);
    const row = await db().select().from(videos).where(eq(videos.id, film.id)).get();
    expect(row?.reviewStatus).toBe('approved');

    expect((await call(`/api/films/${film.id}/approve`, jsonInit('POST', {}, admin.cookie))).status).toBe(200);
    expect(await publicPoster()).not.toEqual(approved);
  });
});

describe('anonymous checkouts and short links are limited per address and per campaign', () => {
  const checkout = (campaignId: string, ip?: string) => {
    const init = jsonInit('POST', { amountCents: 500, guestEmail: 'guest@example.test' });
    return call(`/api/campaigns/${campaignId}/checkout`, ip ? withAddress(init, ip) : init);
  };

  it('10 checkouts a minute from one address, then 429', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const ip = address();
    for (let i = 0; i < 10; i++) expect((await checkout(campaign.id, ip)).status).toBe(200);
    const refused = await checkout(campaign.id, ip);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await checkout(campaign.id, address())).status).toBe(200);
  });

  it('60 checkouts a minute for one campaign, whatever the address, then 429', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const results = await Promise.all(Array.from({ length: 65 }, () => checkout(campaign.id, address())));
    expect(results.filter((r) => r.status === 200)).toHaveLength(60);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
  }, 60_000);

  it('20 short links an hour from one address, then 429', async () => {
    const ip = address();
    const make = () =>
      call('/api/short-links', withAddress(jsonInit('POST', { path: `/movie/${uid()}` }, member.cookie), ip));
    for (let i = 0; i < 20; i++) expect((await make()).status).toBe(200);
    expect((await make()).status).toBe(429);
  });
});

describe('webhook amounts are validated', () => {
  it.each([-100, 0, 1.5])(
    'a signed payment whose collected amount is %s is recorded and answered 200 with nothing done',
    async (amount) => {
      const campaign = await makeCampaign({ status: 'live' });
      const p = testPayment(2500, campaign.id);
      for (const event of [sessionCompleted(p), intentSucceeded(p)]) {
        const object = event.data.object as unknown as Record<string, unknown>;
        if ('amount_total' in object) object.amount_total = amount;
        else Object.assign(object, { amount: amount, amount_received: amount });
        const res = await deliver(event);
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ received: true });
        expect((await eventRow(event.id))?.processedAt).toBeInstanceOf(Date);
      }
      expect(await linesFor(p.pi)).toEqual([]);
    },
  );
});
