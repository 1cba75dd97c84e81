import { describe, expect, it } from 'vitest';
import type { AdminCampaignPage, MoneyPage } from '../../functions/services/overview';
import type { PeoplePage } from '../../functions/services/people';
import { makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, type TestUser } from './factories';
import { makeReleasedPayouts, readyMember } from './payout-factories';
import { eventually, payRecorded, registerMoneyTestHooks } from './stripe-support';
import { call } from './worker-call';

/* Issue 45: the lists behind the overview's figures (docs/admin-tools.md, "Lists"). */

registerMoneyTestHooks();

async function get<T>(path: string, who: TestUser): Promise<T> {
  const res = await call(path, { headers: { cookie: who.cookie } });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as T;
}
const money = (kind: string, admin: TestUser) => get<MoneyPage>(`/api/admin/money?kind=${kind}&limit=100`, admin);

describe('the money lists', () => {
  it('a payment is under raised and in escrow with its campaign and payer; refunded, it leaves escrow and shows under refunded', async () => {
    const admin = await makeUser(['admin'], 'lsadmin');
    const payer = await makeUser([], 'lspayer');
    const campaign = await makeCampaign({ status: 'live' });
    await payRecorded(campaign.id, 2700, { userId: payer.id });

    const mine = (page: MoneyPage) => page.items.filter((m) => m.campaign?.id === campaign.id);
    const paid = mine(await money('payment', admin));
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({
      amountCents: 2700,
      campaign: { id: campaign.id, title: expect.stringMatching(/^Campaign /) },
      payer: { id: payer.id, username: payer.username },
      refunded: false,
    });
    expect(mine(await money('escrow', admin))).toHaveLength(1);
    expect(mine(await money('refund', admin))).toHaveLength(0);

    // Cancelled: the payment is refunded out of escrow.
    const res = await call(
      `/api/campaigns/${campaign.id}/status`,
      jsonInit('POST', { status: 'cancelled' }, admin.cookie),
    );
    expect(res.status).toBe(200);
    const refunds = await eventually(async () => {
      const r = mine(await money('refund', admin));
      return r.length ? r : null;
    }, 'refund listed');
    expect(refunds[0]).toMatchObject({ amountCents: 2700, payer: { id: payer.id } });
    expect(mine(await money('escrow', admin))).toHaveLength(0);
    expect(mine(await money('payment', admin))[0]?.refunded).toBe(true);
  });

  it('a release is listed with its gross; pages follow the cursor, newest first', async () => {
    const admin = await makeUser(['admin'], 'lsrel');
    const { campaign } = await makeReleasedPayouts({
      members: [await readyMember()],
      shareCents: [4500],
      feeCents: 500,
    });
    const released = (await money('release', admin)).items.filter((m) => m.campaign?.id === campaign.id);
    expect(released).toEqual([expect.objectContaining({ amountCents: 5000, payer: null })]);

    const first = await get<MoneyPage>('/api/admin/money?kind=payment&limit=1', admin);
    expect(first.items).toHaveLength(1);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await get<MoneyPage>(`/api/admin/money?kind=payment&limit=1&cursor=${first.nextCursor}`, admin);
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    expect(Date.parse(second.items[0]?.at ?? '')).toBeLessThanOrEqual(Date.parse(first.items[0]?.at ?? ''));
  });

  it('refuses an unknown list with a 400 naming the kinds', async () => {
    const admin = await makeUser(['admin'], 'lsbad');
    const res = await call('/api/admin/money?kind=everything', { headers: { cookie: admin.cookie } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('payment, escrow');
  });
});

describe('campaigns by status', () => {
  it('lists the campaigns of one status, newest first, with their film and owner', async () => {
    const admin = await makeUser(['admin'], 'lscamp');
    const paused = await makeCampaign({ status: 'paused' });
    const live = await makeCampaign({ status: 'live' });
    const ids = (page: AdminCampaignPage) => page.items.map((c) => c.id);
    const pausedList = await get<AdminCampaignPage>('/api/admin/campaigns?status=paused&limit=100', admin);
    expect(ids(pausedList)).toContain(paused.id);
    expect(ids(pausedList)).not.toContain(live.id);
    expect(pausedList.items.every((c) => c.status === 'paused')).toBe(true);
    const all = ids(await get<AdminCampaignPage>('/api/admin/campaigns?limit=100', admin));
    expect(all.indexOf(live.id)).toBeLessThan(all.indexOf(paused.id));
    expect((await call('/api/admin/campaigns?status=shipped', { headers: { cookie: admin.cookie } })).status).toBe(400);
  });
});

describe('people by role, suspension and sign-up week', () => {
  it('lists the people with a role, the suspended, and those who joined in a week', async () => {
    const admin = await makeUser(['admin'], 'lsppl');
    const editor = await makeUser(['editor'], 'lsed');
    const viewer = await makeUser([], 'lsview');
    const ids = (page: PeoplePage) => page.items.map((p) => p.id);
    const editors = await get<PeoplePage>('/api/admin/people/list?role=editor&limit=100', admin);
    expect(ids(editors)).toContain(editor.id);
    expect(ids(editors)).not.toContain(viewer.id);

    expect(
      (await call(`/api/admin/people/${viewer.id}/suspend`, jsonInit('POST', { reason: 'Spam' }, admin.cookie))).status,
    ).toBe(200);
    const suspended = await get<PeoplePage>('/api/admin/people/list?suspended=true&limit=100', admin);
    expect(ids(suspended)).toContain(viewer.id);
    expect(ids(suspended)).not.toContain(editor.id);
    expect(suspended.items.find((p) => p.id === viewer.id)?.suspended).toBe(true);

    const joined = new Date(editors.items.find((p) => p.id === editor.id)?.joinedAt ?? '');
    const monday = new Date(Date.UTC(joined.getUTCFullYear(), joined.getUTCMonth(), joined.getUTCDate()));
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    const week = monday.toISOString().slice(0, 10);
    expect(ids(await get<PeoplePage>(`/api/admin/people/list?week=${week}&limit=100`, admin))).toContain(editor.id);
    monday.setUTCDate(monday.getUTCDate() - 7);
    const before = monday.toISOString().slice(0, 10);
    expect(ids(await get<PeoplePage>(`/api/admin/people/list?week=${before}&limit=100`, admin))).not.toContain(
      editor.id,
    );
  });
});
