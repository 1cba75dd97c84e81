import { describe, expect, it } from 'vitest';
import { makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, type TestUser } from './factories';
import { call } from './worker-call';

interface Item {
  type: string;
  title: string;
  campaignId: string | null;
  target: string;
  note: string | null;
}

const itemsOf = async (u: TestUser) => {
  const res = await call('/api/notifications?limit=50', { headers: { cookie: u.cookie } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { items: Item[] }).items;
};

async function invite(owner: TestUser, campaignId: string, who: TestUser) {
  const res = await call(
    `/api/campaigns/${campaignId}/members`,
    jsonInit('POST', { userId: who.id, role: 'Editor' }, owner.cookie),
  );
  expect(res.status).toBe(201);
  return ((await res.json()) as { member: { id: string } }).member.id;
}

const remove = async (owner: TestUser, campaignId: string, memberId: string) =>
  expect(
    (
      await call(`/api/campaigns/${campaignId}/members/${memberId}`, {
        method: 'DELETE',
        headers: { cookie: owner.cookie, origin: 'http://localhost:4321' },
      })
    ).status,
  ).toBe(200);

describe('notifications whose page the reader can no longer open', { timeout: 30_000 }, () => {
  it('a withdrawn invitation says so and leads nowhere else; an open one leads to the campaign', async () => {
    const owner = await makeUser(['contributor'], 'reach_owner');
    const { id } = await makeCampaign({ owner });
    const dropped = await makeUser([], 'reach_dropped');
    const kept = await makeUser([], 'reach_kept');
    await remove(owner, id, await invite(owner, id, dropped));
    await invite(owner, id, kept);

    const mine = await itemsOf(dropped);
    const invitation = mine.find((n) => n.type === 'team_invitation' && n.campaignId === id);
    expect(invitation).toMatchObject({ target: '/notifications', note: 'This invitation was withdrawn' });
    const removed = mine.find((n) => n.title === 'Removed from a campaign team');
    expect(removed).toMatchObject({ target: '/notifications', note: "You are no longer on this campaign's team" });

    const open = (await itemsOf(kept)).find((n) => n.type === 'team_invitation' && n.campaignId === id);
    expect(open).toMatchObject({ target: `/contributor/campaign-progress/${id}?invitation=true`, note: null });
  });

  it('a creator removed from a team is led to their campaigns tab, which they can open', async () => {
    const owner = await makeUser(['contributor'], 'reach_owner2');
    const { id } = await makeCampaign({ owner });
    const creator = await makeUser(['contributor'], 'reach_creator');
    await remove(owner, id, await invite(owner, id, creator));
    const removed = (await itemsOf(creator)).find((n) => n.title === 'Removed from a campaign team');
    expect(removed).toMatchObject({ target: '/contributor?tab=campaigns', note: null });
  });
});
